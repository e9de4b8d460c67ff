import { z } from 'zod';
import { llmEnvShape, refineLlmEnv } from './engine/llm/llm-config';

const intFromEnv = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where PGlite keeps its files when DATABASE_URL is not set. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://... to use PostgreSQL instead of the embedded PGlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set when running behind a load balancer so that rate limits see the client's address. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Login and sign-up attempts allowed per client address, and per e-mail address, in each window. */
  AUTH_RATE_LIMIT_PER_IP: intFromEnv(30),
  AUTH_RATE_LIMIT_PER_EMAIL: intFromEnv(10),
  AUTH_RATE_LIMIT_WINDOW_MINUTES: intFromEnv(15),
  SESSION_TTL_DAYS: intFromEnv(30),
})
  // AI_PROVIDER, AI_MODEL, AI_API_KEY (or the provider's own key), AI_BASE_URL, AI_TIMEOUT_MS: docs/llm.md.
  .extend(llmEnvShape)
  .superRefine(refineLlmEnv);
export type Config = z.infer<typeof configSchema>;

/** Parses the environment once; nothing else in the app reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
