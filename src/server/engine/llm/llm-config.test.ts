import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { llmConfigSchema, parseLlmConfig, refineLlmEnv, resolveLlmConfig } from './llm-config';

describe('parseLlmConfig', () => {
  it('returns null when AI_PROVIDER is absent or empty', () => {
    expect(parseLlmConfig({})).toBeNull();
    expect(parseLlmConfig({ AI_PROVIDER: '', OPENAI_API_KEY: 'sk-x' })).toBeNull();
  });

  it('uses the provider key and a default model for hosted providers', () => {
    expect(parseLlmConfig({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-1' })).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: 'sk-1',
      baseURL: undefined,
      timeoutMs: 30_000,
    });
    expect(parseLlmConfig({ AI_PROVIDER: 'google', GOOGLE_GENERATIVE_AI_API_KEY: 'g-1' })?.model).toBe('gemini-2.5-flash');
    expect(parseLlmConfig({ AI_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'a-1', AI_MODEL: 'claude-sonnet-4-5' })).toMatchObject({
      model: 'claude-sonnet-4-5',
      apiKey: 'a-1',
    });
  });

  it('prefers AI_API_KEY over the provider key, and reads AI_BASE_URL and AI_TIMEOUT_MS', () => {
    expect(
      parseLlmConfig({
        AI_PROVIDER: 'OpenAI',
        AI_API_KEY: 'generic',
        OPENAI_API_KEY: 'specific',
        AI_BASE_URL: 'https://proxy.example.com/v1/',
        AI_TIMEOUT_MS: '5000',
      }),
    ).toEqual({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'generic', baseURL: 'https://proxy.example.com/v1', timeoutMs: 5000 });
  });

  it('needs a key for hosted providers, naming both variables', () => {
    expect(() => parseLlmConfig({ AI_PROVIDER: 'openai' })).toThrow('AI_PROVIDER=openai needs OPENAI_API_KEY or AI_API_KEY');
    expect(() => parseLlmConfig({ AI_PROVIDER: 'google', OPENAI_API_KEY: 'sk' })).toThrow(
      'AI_PROVIDER=google needs GOOGLE_GENERATIVE_AI_API_KEY or AI_API_KEY',
    );
    expect(() => parseLlmConfig({ AI_PROVIDER: 'anthropic' })).toThrow('needs ANTHROPIC_API_KEY or AI_API_KEY');
  });

  it('needs a base URL and a model for openai-compatible servers, but no key', () => {
    expect(() => parseLlmConfig({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama3.1' })).toThrow(
      'AI_PROVIDER=openai-compatible needs AI_BASE_URL',
    );
    expect(() => parseLlmConfig({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(
      'AI_PROVIDER=openai-compatible needs AI_MODEL',
    );
    expect(parseLlmConfig({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1' })).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.1',
      apiKey: undefined,
      baseURL: 'http://localhost:11434/v1',
      timeoutMs: 30_000,
    });
  });

  it('rejects an unknown provider, a bad URL, a bad timeout, and settings without a provider', () => {
    expect(() => parseLlmConfig({ AI_PROVIDER: 'mistral' })).toThrow(
      'AI_PROVIDER must be one of openai, google, anthropic, openai-compatible',
    );
    expect(() => parseLlmConfig({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'm', AI_BASE_URL: 'localhost:11434' })).toThrow(
      'AI_BASE_URL must be an http:// or https:// URL',
    );
    expect(() => parseLlmConfig({ AI_PROVIDER: 'openai', AI_API_KEY: 'k', AI_TIMEOUT_MS: 'soon' })).toThrow('AI_TIMEOUT_MS');
    expect(() => parseLlmConfig({ AI_PROVIDER: 'openai', AI_API_KEY: 'k', AI_TIMEOUT_MS: '5' })).toThrow(
      'AI_TIMEOUT_MS must be at least 100',
    );
    expect(() => parseLlmConfig({ AI_MODEL: 'gpt-4o' })).toThrow('AI_PROVIDER is not');
  });

  it('lists every problem at once', () => {
    try {
      parseLlmConfig({ AI_PROVIDER: 'openai-compatible', AI_TIMEOUT_MS: '-1' });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('AI_TIMEOUT_MS');
      expect(message).toContain('AI_BASE_URL');
      expect(message).toContain('AI_MODEL');
    }
  });

  it('merges into a larger config schema through its shape and refinement', () => {
    const appSchema = z
      .object({ PORT: z.coerce.number().default(3000) })
      .extend(llmConfigSchema.shape)
      .superRefine(refineLlmEnv);
    const parsed = appSchema.parse({ PORT: '8080', AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-2' });
    expect(parsed.PORT).toBe(8080);
    expect(resolveLlmConfig(parsed)).toMatchObject({ provider: 'openai', apiKey: 'sk-2' });
    expect(appSchema.safeParse({ AI_PROVIDER: 'openai' }).success).toBe(false);
  });
});
