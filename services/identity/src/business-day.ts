/** The business day (yyyy-MM-dd) in BUSINESS_TZ (default Asia/Shanghai), as bill numbers count it. */
export const businessDay = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: process.env.BUSINESS_TZ ?? 'Asia/Shanghai' }).format(now);

/** A Tenant-Id header naming another tenant than the call's own tenantId is refused, not obeyed. */
export const sameTenant = (header: string | undefined, tenantId: string | undefined): boolean => !header || !tenantId || header.trim() === tenantId.trim();
