import { z } from 'zod';

/**
 * The LLM engine's settings, read from the environment. With AI_PROVIDER unset the app runs on the
 * built-in engine only. See docs/llm.md for examples per provider.
 */

export const llmProviderSchema = z.enum(['openai', 'google', 'anthropic', 'openai-compatible']);
export type LlmProvider = z.infer<typeof llmProviderSchema>;

/** Model used when AI_MODEL is not set (openai-compatible servers have no sensible default). */
export const defaultModels: Record<Exclude<LlmProvider, 'openai-compatible'>, string> = {
  openai: 'gpt-4o-mini',
  google: 'gemini-2.5-flash',
  anthropic: 'claude-haiku-4-5',
};

/** The provider's own key variable, accepted instead of AI_API_KEY. */
export const providerKeyVariables = {
  openai: 'OPENAI_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
} as const;

/** An empty variable (AI_PROVIDER= in a .env file) counts as unset. */
const optionalText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
  z.string().optional(),
);

/**
 * Fields over process.env. A ZodObject (with a refinement for the combinations), so its `.shape` can be
 * merged into the app's config schema: `configSchema.extend(llmConfigSchema.shape).superRefine(refineLlmEnv)`.
 */
export const llmEnvShape = {
  AI_PROVIDER: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(llmProviderSchema.options, { error: 'AI_PROVIDER must be one of openai, google, anthropic, openai-compatible' }).optional(),
  ),
  AI_MODEL: optionalText,
  AI_API_KEY: optionalText,
  OPENAI_API_KEY: optionalText,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalText,
  ANTHROPIC_API_KEY: optionalText,
  AI_BASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/\S+$/, 'AI_BASE_URL must be an http:// or https:// URL, e.g. http://localhost:11434/v1')
      .optional(),
  ),
  AI_TIMEOUT_MS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: 'AI_TIMEOUT_MS must be a whole number of milliseconds' })
      .int('AI_TIMEOUT_MS must be a whole number of milliseconds')
      .min(100, 'AI_TIMEOUT_MS must be at least 100')
      .max(600_000, 'AI_TIMEOUT_MS must be at most 600000 (10 minutes)')
      .default(30_000),
  ),
};

export type LlmEnv = z.infer<z.ZodObject<typeof llmEnvShape>>;

/** The checks across variables: a key for hosted providers, a base URL and model for compatible servers. */
export function refineLlmEnv(env: LlmEnv, ctx: z.RefinementCtx): void {
  const provider = env.AI_PROVIDER;
  if (!provider) {
    if (env.AI_MODEL || env.AI_BASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['AI_PROVIDER'],
        message: 'AI_MODEL or AI_BASE_URL is set but AI_PROVIDER is not; set AI_PROVIDER to openai, google, anthropic or openai-compatible',
      });
    return;
  }
  if (provider === 'openai-compatible') {
    if (!env.AI_BASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['AI_BASE_URL'],
        message: 'AI_PROVIDER=openai-compatible needs AI_BASE_URL, e.g. http://localhost:11434/v1 for Ollama',
      });
    if (!env.AI_MODEL)
      ctx.addIssue({
        code: 'custom',
        path: ['AI_MODEL'],
        message: 'AI_PROVIDER=openai-compatible needs AI_MODEL, the model name the server knows, e.g. llama3.1',
      });
    return;
  }
  const keyVariable = providerKeyVariables[provider];
  if (!env.AI_API_KEY && !env[keyVariable])
    ctx.addIssue({
      code: 'custom',
      path: [keyVariable],
      message: `AI_PROVIDER=${provider} needs ${keyVariable} or AI_API_KEY`,
    });
}

export const llmConfigSchema = z.object(llmEnvShape).superRefine(refineLlmEnv);

/** What createLlmEngine needs, resolved from the environment. */
export interface LlmConfig {
  provider: LlmProvider;
  model: string;
  apiKey?: string;
  /** Without a trailing slash; for openai-compatible always set. */
  baseURL?: string;
  timeoutMs: number;
}

/** The resolved config from already-validated variables, or null when no LLM is configured. */
export function resolveLlmConfig(env: LlmEnv): LlmConfig | null {
  const provider = env.AI_PROVIDER;
  if (!provider) return null;
  const baseURL = env.AI_BASE_URL?.replace(/\/+$/, '');
  if (provider === 'openai-compatible') {
    if (!baseURL || !env.AI_MODEL) throw new Error('AI_PROVIDER=openai-compatible needs AI_BASE_URL and AI_MODEL');
    return { provider, model: env.AI_MODEL, apiKey: env.AI_API_KEY, baseURL, timeoutMs: env.AI_TIMEOUT_MS };
  }
  const apiKey = env.AI_API_KEY ?? env[providerKeyVariables[provider]];
  if (!apiKey) throw new Error(`AI_PROVIDER=${provider} needs ${providerKeyVariables[provider]} or AI_API_KEY`);
  return { provider, model: env.AI_MODEL ?? defaultModels[provider], apiKey, baseURL, timeoutMs: env.AI_TIMEOUT_MS };
}

/** Parses the environment; throws one readable message listing every problem. Null = no LLM configured. */
export function parseLlmConfig(env: Record<string, string | undefined>): LlmConfig | null {
  const parsed = llmConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new Error(`Invalid LLM configuration:\n${lines.join('\n')}`);
  }
  return resolveLlmConfig(parsed.data);
}
