import type { OriginBindings } from './env';

// Numeric vars arrive as strings; a missing or malformed value falls back to the default here,
// so a typo in wrangler.toml loosens nothing silently into zero.
export interface Settings {
  production: boolean;
  burstLimit: number;
  burstWindowSeconds: number;
  dailyLimit: number;
  captchaTtlSeconds: number;
}

export const DEFAULT_SETTINGS = {
  burstLimit: 600,
  burstWindowSeconds: 60,
  dailyLimit: 100_000,
  captchaTtlSeconds: 300,
} as const;

function positiveInt(value: string | undefined, fallback: number): number {
  if (value === undefined || !/^\d{1,9}$/.test(value.trim())) return fallback;
  const n = Number(value.trim());
  return n > 0 ? n : fallback;
}

export function readSettings(env: OriginBindings): Settings {
  return {
    production: env.ENVIRONMENT === 'production',
    burstLimit: positiveInt(env.RATE_BURST_LIMIT, DEFAULT_SETTINGS.burstLimit),
    burstWindowSeconds: positiveInt(env.RATE_BURST_WINDOW_SECONDS, DEFAULT_SETTINGS.burstWindowSeconds),
    dailyLimit: positiveInt(env.RATE_DAILY_LIMIT, DEFAULT_SETTINGS.dailyLimit),
    captchaTtlSeconds: positiveInt(env.CAPTCHA_TTL_SECONDS, DEFAULT_SETTINGS.captchaTtlSeconds),
  };
}
