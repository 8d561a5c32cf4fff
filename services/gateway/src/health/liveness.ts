/** Load balancers' liveness probe: answered before the router, not rate limited, logged or measured. */
export const LIVENESS_PATH = '/api/health/live';
