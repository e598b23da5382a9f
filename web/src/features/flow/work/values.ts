/** A value typed on the start form: numbers and true/false as such (conditions compare them), the rest as text. */
export const typedValue = (raw: string): unknown => {
  const v = raw.trim();
  if (v === 'true' || v === 'false') return v === 'true';
  if (v !== '' && Number.isFinite(Number(v))) return Number(v);
  return raw;
};
