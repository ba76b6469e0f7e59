/** How long an invitation link may stay open, in hours: a day to two weeks; three days unless chosen. */
export const EXPIRY_CHOICES = [24, 72, 168, 336] as const;
export const DEFAULT_EXPIRY_HOURS = 72;
