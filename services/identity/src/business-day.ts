/**
 * The operator's business time zone (BUSINESS_TZ, default Asia/Shanghai): its tenants' day, the
 * zone every instant is printed and shown in (the console is told it at sign-in).
 */
export const tenantTimeZone = (): string => process.env.BUSINESS_TZ || 'Asia/Shanghai';

/** One formatter per time zone: making one costs far more than formatting with it (every request asks). */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The business day (yyyy-MM-dd) in BUSINESS_TZ (default Asia/Shanghai), as bill numbers count it. */
export const businessDay = (now = new Date()) => {
  const zone = tenantTimeZone();
  let format = formats.get(zone);
  if (!format) formats.set(zone, (format = new Intl.DateTimeFormat('en-CA', { timeZone: zone })));
  return format.format(now);
};

/** A Tenant-Id header naming another tenant than the call's own tenantId is refused, not obeyed. */
export const sameTenant = (header: string | undefined, tenantId: string | undefined): boolean => !header || !tenantId || header.trim() === tenantId.trim();
