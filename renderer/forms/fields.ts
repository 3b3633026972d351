// Form fields as data: each has a dotted path into the body it builds, a kind that says how the
// text of its input becomes a value, and whether an empty input means null or "leave it out".

export type FieldKind = 'text' | 'email' | 'textarea' | 'password' | 'number' | 'bool' | 'select' | 'list' | 'image' | 'date';
export type FieldValue = string | boolean;
export type FormValues = Record<string, FieldValue>;

export interface FieldSpec {
  path: string;
  kind: FieldKind;
  /** Choices of a select (an empty choice is added when the field is nullable or optional). */
  options?: readonly string[];
  /** Empty means null (the service clears the value). */
  nullable?: boolean;
  /** Empty means the field is left out of the body. */
  optional?: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (!isObj(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

/** Sets a value at a dotted path, creating the objects on the way (the input is not changed). */
export function setPath(obj: Obj, path: string, value: unknown): Obj {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...obj, [head]: value };
  const inner = isObj(obj[head]) ? (obj[head] as Obj) : {};
  return { ...obj, [head]: setPath(inner, rest.join('.'), value) };
}

/** The text (or checkbox state) an input shows for a value of the body. */
export function toInput(spec: FieldSpec, value: unknown): FieldValue {
  if (spec.kind === 'bool') return value === true;
  if (value === null || value === undefined) return '';
  if (spec.kind === 'list') return Array.isArray(value) ? value.map(String).join(', ') : String(value);
  return String(value);
}

/** The value an input's text stands for; undefined leaves the field out. */
export function fromInput(spec: FieldSpec, input: FieldValue | undefined): unknown {
  if (spec.kind === 'bool') return input === true;
  const text = typeof input === 'string' ? input : '';
  const trimmed = text.trim();
  if (spec.kind === 'list') {
    return trimmed
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
  }
  if (trimmed === '') {
    if (spec.nullable) return null;
    if (spec.optional) return undefined;
    return spec.kind === 'number' ? undefined : text;
  }
  if (spec.kind === 'number') return Number(trimmed.replace(',', '.'));
  return spec.kind === 'password' || spec.kind === 'textarea' ? text : trimmed;
}

/** Input values for a form, read from a body such as the saved settings. */
export function inputsFrom(specs: readonly FieldSpec[], body: unknown): FormValues {
  const out: FormValues = {};
  for (const s of specs) out[s.path] = toInput(s, getPath(body, s.path));
  return out;
}

/**
 * The body a form's values make, laid over `base` so that fields the form does not show (and the
 * service answered) travel back unchanged.
 */
export function bodyFrom(specs: readonly FieldSpec[], values: FormValues, base: Obj = {}): Obj {
  let out = structuredClone(base);
  for (const s of specs) {
    const v = fromInput(s, values[s.path]);
    if (v === undefined) out = removePath(out, s.path);
    else out = setPath(out, s.path, v);
  }
  return out;
}

function removePath(obj: Obj, path: string): Obj {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (!(head in obj)) return obj;
  if (rest.length === 0) {
    const { [head]: _gone, ...keep } = obj;
    return keep;
  }
  const inner = obj[head];
  return isObj(inner) ? { ...obj, [head]: removePath(inner, rest.join('.')) } : obj;
}
