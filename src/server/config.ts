import { z } from 'zod';
import { llmEnvShape, refineLlmEnv } from './engine/llm/llm-config';
import { oidcEnvShape, refineOidcEnv } from './oidc-config';
import { mailEnvShape, refineMailEnv } from './mail-config';

const intFromEnv = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const configSchema = z
  .object({
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
    /** The session cookie is Secure when the request is HTTPS (seen through TRUST_PROXY); `true`: always. */
    COOKIE_SECURE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Failed logins allowed per client address, and per e-mail from one address, in each window (services/auth.ts). */
    AUTH_RATE_LIMIT_PER_IP: intFromEnv(30),
    AUTH_RATE_LIMIT_PER_EMAIL: intFromEnv(10),
    /** Sign-ups allowed per client address in each window (a school's class shares one address). */
    AUTH_SIGNUP_RATE_LIMIT_PER_IP: intFromEnv(100),
    AUTH_RATE_LIMIT_WINDOW_MINUTES: intFromEnv(15),
    SESSION_TTL_DAYS: intFromEnv(30),
    /** Seconds a seen session is trusted without asking the database (0: always ask); see services/auth.ts. */
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
    /** Engine calls (marking, tutor, papers, courses, documents, grading) one user may start per minute, per kind (engine-job-limits.ts). */
    ENGINE_RATE_LIMIT_PER_MINUTE: intFromEnv(30),
    /** Engine calls of one user running at once, over all kinds; more are refused (429), not queued. */
    ENGINE_JOBS_PER_USER: intFromEnv(3),
    /** Worker threads for the built-in engine (each loads the marker's word vectors, ~300 MB); 0 runs it on the main thread. */
    ENGINE_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
    /**
     * Seconds an engine worker beyond the first may wait for work before it stops and gives its memory back (issue 29);
     * one starts again when calls queue. 0 keeps every worker running.
     */
    ENGINE_WORKER_IDLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /** Engine calls waiting for a worker beyond which a call is refused as busy (503) rather than queued. */
    ENGINE_QUEUE_MAX: intFromEnv(64),
    /** Seconds a background grading job may run before it is taken for dead (its process killed) and retried (docs/decisions/017). */
    GRADING_JOB_TIMEOUT_SECONDS: intFromEnv(900),
    /** How often the job queue's supervisor looks for such jobs. */
    JOB_SUPERVISE_SECONDS: intFromEnv(30),
    /** The address people open Markwell at (https://markwell.school.org), for links that leave the app (the OIDC redirect URI). */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
  })
  // AI_PROVIDER, AI_MODEL, AI_API_KEY (or the provider's own key), AI_BASE_URL, AI_TIMEOUT_MS: docs/llm.md.
  .extend(llmEnvShape)
  // OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_LABEL: sign-in with the school's provider (oidc-config.ts, README "Accounts").
  .extend(oidcEnvShape)
  // SMTP_URL, MAIL_FROM: password reset links by e-mail (mail-config.ts, README "Accounts"); links start with PUBLIC_URL.
  .extend(mailEnvShape)
  .superRefine(refineLlmEnv)
  .superRefine(refineOidcEnv)
  .superRefine(refineMailEnv);
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
