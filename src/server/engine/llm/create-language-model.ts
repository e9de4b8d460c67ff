import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { LlmConfig } from './llm-config';

export type FetchFunction = typeof globalThis.fetch;

/** The provider's name as the UI shows it: 'gpt-4o-mini (OpenAI)'. */
export function describeProvider(config: LlmConfig): string {
  switch (config.provider) {
    case 'openai':
      return 'OpenAI';
    case 'google':
      return 'Google';
    case 'anthropic':
      return 'Anthropic';
    case 'openai-compatible':
      return /ollama|:11434\b/i.test(config.baseURL ?? '') ? 'Ollama' : 'OpenAI-compatible';
  }
}

/**
 * The AI SDK model for the configured provider. OpenAI and compatible servers are spoken to through
 * Chat Completions (`.chat(model)`), which every OpenAI-compatible server implements; the default
 * `createOpenAI()(model)` would call the Responses API instead.
 */
export function createLanguageModel(config: LlmConfig, fetch?: FetchFunction): LanguageModel {
  switch (config.provider) {
    case 'openai':
      return createOpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, fetch }).chat(config.model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey: config.apiKey, baseURL: config.baseURL, fetch })(config.model);
    case 'anthropic':
      return createAnthropic({ apiKey: config.apiKey, baseURL: config.baseURL, fetch })(config.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseURL ?? 'http://localhost:11434/v1',
        apiKey: config.apiKey,
        fetch,
        // Ollama, vLLM, LM Studio and llama.cpp accept response_format json_schema.
        supportsStructuredOutputs: true,
      }).chatModel(config.model);
  }
}
