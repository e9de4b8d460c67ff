import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults: port 3000, PGlite in ./data, built-in engine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      AUTH_RATE_LIMIT_PER_IP: 30,
      AUTH_RATE_LIMIT_PER_EMAIL: 10,
      AUTH_RATE_LIMIT_WINDOW_MINUTES: 15,
      SESSION_TTL_DAYS: 30,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.AI_PROVIDER).toBeUndefined();
  });

  it('reads the environment as strings', () => {
    const config = loadConfig({ PORT: '8080', TRUST_PROXY: 'true', DATABASE_URL: 'postgres://u@db:5432/markwell', SESSION_TTL_DAYS: '7' });
    expect(config).toMatchObject({ PORT: 8080, TRUST_PROXY: true, DATABASE_URL: 'postgres://u@db:5432/markwell', SESSION_TTL_DAYS: 7 });
  });

  it('stops with a message naming each bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /Invalid configuration:[\s\S]*PORT:[\s\S]*DATABASE_URL: DATABASE_URL must start with postgres:\/\//,
    );
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
