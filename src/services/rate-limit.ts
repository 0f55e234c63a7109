/**
 * Whether a client may go on, by one of the Workers rate-limit bindings (FORM_RATE_LIMITER,
 * UPLOAD_RATE_LIMITER). They are safeguards: when a binding is unavailable the request goes on
 * (every other limit still holds) and the failure is logged, named by `limiterName`.
 */
export async function withinRateLimit(limiter: RateLimit, key: string, limiterName: string, requestId: string | undefined): Promise<boolean> {
  try {
    return (await limiter.limit({ key })).success;
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', requestId, msg: `${limiterName} rate limiter unavailable`, error: String(error) }));
    return true;
  }
}
