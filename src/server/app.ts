import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { JSON_BODY_LIMIT } from '../shared/limits';
import type { AppDeps } from './app-deps';
import { isHttpError } from './http-error';
import { JSON_ONLY_MESSAGE, refuseCrossSiteWrites } from './cross-site';
import { installEngineJobLimits } from './engine-job-limits';
import { loggerOptions } from './logger';
import { createSessionCache } from './services/auth';
import { stripNulBytes } from './strip-nul-bytes';
import { installValidationMessages } from '../shared/validation-messages';
import { isEngineError } from './engine/engine';
import { analyticsRoutes } from './routes/analytics';
import { topicRoutes } from './routes/topics';
import { answerRoutes } from './routes/answers';
import { tutorStreamRoutes } from './routes/tutor-stream';
import { attemptRoutes } from './routes/attempts';
import { accountDataRoutes } from './routes/account-data';
import { authRoutes } from './routes/auth';
import { authOptionsRoutes } from './routes/auth-options';
import { oidcRoutes } from './routes/oidc';
import { passwordResetRoutes } from './routes/password-reset';
import { classRoutes } from './routes/classes';
import { classSetRoutes } from './routes/class-set';
import { gradingJobRoutes } from './routes/grading-jobs';
import { questionReviewRoutes } from './routes/question-review';
import { createAppJobs } from './jobs/app-jobs';
import { courseRoutes } from './routes/courses';
import { disputeRoutes } from './routes/disputes';
import { documentRoutes } from './routes/documents';
import { practicePaperRoutes } from './routes/practice-paper';
import { publicStatsRoutes } from './routes/public-stats';
import { reviewRoutes } from './routes/review';
import { selfAssessmentRoutes } from './routes/self-assessment';
import { teacherRoutes } from './routes/teacher';
import { inlineScriptHashesOf } from './inline-scripts';

const defaultClientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');
const GENERIC_500 = 'Something went wrong on our side. Please try again.';

/** Builds the Fastify instance: used by index.ts to listen and by the tests through inject(). */
export async function buildApp(appDeps: AppDeps): Promise<FastifyInstance> {
  const { config } = appDeps;
  const deps: AppDeps = { ...appDeps, sessionCache: appDeps.sessionCache ?? createSessionCache(config.SESSION_CACHE_SECONDS) };
  installValidationMessages();
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
  });
  // Background jobs (decision 017): started by the first job sent, or by index.ts at start-up; stopped with the app.
  const jobs = deps.jobs ?? createAppJobs(deps, (error) => app.log.error({ err: error }, 'background job queue error'));
  app.addHook('onClose', async () => {
    if (!deps.jobs) await jobs.stop();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clientDir = deps.clientDir ?? defaultClientDir;
  const indexHtml = path.join(clientDir, 'index.html');
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The page's own inline scripts by hash (the theme, set before first paint), nothing else inline.
        scriptSrc: ["'self'", ...inlineScriptHashesOf(indexHtml)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  // API responses compressed where it helps (issue 29): brotli or gzip as the browser accepts, over 1 KB; quick
  // brotli (level 4) because each answer is compressed as it is sent. Static files are compressed at build time
  // (@fastify/static serves the .br/.gz beside them); the tutor's event stream (Cache-Control: no-transform) goes out as
  // written (src/server/compression.test.ts).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Per-user limits on the calls that start engine work (used by the routes through app.engineJobLimits).
  await installEngineJobLimits(app, config);

  // One place for NUL bytes, which PostgreSQL cannot store: dropped from every string a request brings.
  app.addHook('preValidation', async (request) => {
    request.body = stripNulBytes(request.body);
    stripNulBytes(request.query);
    stripNulBytes(request.params);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, message } = describeError(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    // The engine (or its provider) is busy or down for a moment: say when to come back.
    if (statusCode === 503) reply.header('retry-after', '5');
    reply.status(statusCode).send({ message });
  });

  await app.register(
    async (api) => {
      // Nothing the API answers belongs in a shared cache or the browser's disk cache: sessions, marks, names,
      // exports (results.csv, markbook.csv). One place for every /api response, errors included.
      api.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      // Writes from this site only, as JSON: another site's form cannot act with a student's cookies.
      api.addHook('onRequest', refuseCrossSiteWrites);
      const zodApi = api.withTypeProvider<ZodTypeProvider>();
      authRoutes(zodApi, deps);
      accountDataRoutes(zodApi, deps);
      authOptionsRoutes(zodApi, deps);
      oidcRoutes(zodApi, deps);
      passwordResetRoutes(zodApi, deps);
      publicStatsRoutes(zodApi, deps);
      courseRoutes(zodApi, deps);
      answerRoutes(zodApi, deps);
      tutorStreamRoutes(zodApi, deps);
      attemptRoutes(zodApi, deps);
      analyticsRoutes(zodApi, deps);
      topicRoutes(zodApi, deps);
      disputeRoutes(zodApi, deps);
      documentRoutes(zodApi, deps);
      teacherRoutes(zodApi, deps);
      practicePaperRoutes(zodApi, deps);
      classRoutes(zodApi, deps);
      classSetRoutes(zodApi, deps);
      gradingJobRoutes(zodApi, { ...deps, jobs });
      questionReviewRoutes(zodApi, deps);
      selfAssessmentRoutes(zodApi, deps);
      reviewRoutes(zodApi, deps);
      api.all('/*', async (_request, reply) => reply.status(404).send({ message: 'Not found' }));
    },
    { prefix: '/api' },
  );

  if (!fs.existsSync(indexHtml)) {
    // Without the built client every other path is a plain 404 (Fastify's own logs and echoes the URL, query included).
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
  } else {
    await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false, preCompressed: true });
    // Every non-API path is the React app's: the client router decides what it shows (landing, 404, ...).
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send({ message: 'Not found' });
      return reply.type('text/html').sendFile('index.html', { maxAge: 0 });
    });
  }
  return app;
}

function describeError(error: FastifyError): { statusCode: number; message: string } {
  if (isHttpError(error)) return { statusCode: error.statusCode, message: error.message };
  if (isEngineError(error)) {
    const statusCode = error.code === 'UNAVAILABLE' ? 503 : error.code === 'BAD_INPUT' ? 400 : 422;
    return { statusCode, message: error.message };
  }
  if (error.validation?.length) {
    const first = error.validation[0];
    return { statusCode: 400, message: first.message ?? 'The request is not valid.' };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { statusCode: 400, message: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { statusCode: 400, message: 'The request body is empty; JSON was expected.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, message: 'The request is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { statusCode: 415, message: JSON_ONLY_MESSAGE };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { statusCode: error.statusCode, message: error.message };
  }
  return { statusCode: 500, message: GENERIC_500 };
}
