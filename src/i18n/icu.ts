/**
 * A small ICU MessageFormat subset on `Intl`: `{name}` (numbers through `Intl.NumberFormat` of the locale),
 * `{count, plural, =0 {…} one {# user} other {# users}}` (`Intl.PluralRules`; `#` is the formatted count) and
 * `{kind, select, a {…} other {…}}`, nested. No apostrophe quoting. Loaded with the admin portal and with any
 * locale but English (src/i18n/locale.ts), never in the login box's first-input chunk.
 */

type Params = Record<string, string | number>;

/** Index of the `}` that closes the `{` at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The `{…}` arguments of a message at its top level: `[name, kind?, cases?, raw]`. */
function* argumentsOf(text: string): Generator<{ start: number; end: number; name: string; kind?: string; cases: Record<string, string> }> {
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
    const end = closing(text, i);
    if (end < 0) return;
    const m = /^\s*(\w+)\s*(?:,\s*(plural|select)\s*,([\s\S]*))?$/.exec(text.slice(i + 1, end));
    if (m) yield { start: i, end, name: m[1], kind: m[2], cases: m[3] === undefined ? {} : casesOf(m[3]) };
    i = end;
  }
}

/** `one {# user} other {# users}` → `{ one: '# user', other: '# users' }`. */
function casesOf(text: string): Record<string, string> {
  const cases: Record<string, string> = {};
  for (let i = 0; ;) {
    const m = /^\s*(=?[\w-]+)\s*\{/.exec(text.slice(i));
    if (!m) return cases;
    const open = i + m[0].length - 1;
    const end = closing(text, open);
    if (end < 0) return cases;
    cases[m[1]] = text.slice(open + 1, end);
    i = end + 1;
  }
}

/** Formats `text` for `locale`; arguments without a value are left as written. */
export function formatMessage(text: string, params: Params = {}, locale = 'en', count?: string): string {
  let out = '';
  let from = 0;
  for (const arg of argumentsOf(text)) {
    out += literal(text.slice(from, arg.start), count);
    from = arg.end + 1;
    const value = params[arg.name];
    if (value === undefined) out += text.slice(arg.start, arg.end + 1);
    else if (arg.kind === 'select') out += formatMessage(arg.cases[String(value)] ?? arg.cases.other ?? '', params, locale);
    else if (arg.kind === 'plural') {
      const n = Number(value);
      const chosen = arg.cases[`=${n}`] ?? arg.cases[new Intl.PluralRules(locale).select(n)] ?? arg.cases.other ?? '';
      out += formatMessage(chosen, params, locale, new Intl.NumberFormat(locale).format(n));
    } else out += typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value;
  }
  return out + literal(text.slice(from), count);
}

const literal = (text: string, count: string | undefined) => (count === undefined ? text : text.replaceAll('#', count));

/** The argument names a message uses, nested ones included (`{count, plural, one {{name}…}}` → count, name). */
export function argumentNames(text: string): string[] {
  const names = new Set<string>();
  for (const arg of argumentsOf(text)) {
    names.add(arg.name);
    for (const body of Object.values(arg.cases)) for (const n of argumentNames(body)) names.add(n);
  }
  return [...names].sort();
}

/**
 * The plural and select arguments of a message, nested ones included, each with its cases in the order written
 * (`{count, plural, =0 {…} one {…} other {…}}` → `{ name: 'count', kind: 'plural', cases: ['=0', 'one', 'other'] }`):
 * what a translation must keep, and whose plural categories must be the locale's.
 */
export function choicesOf(text: string): { name: string; kind: string; cases: string[] }[] {
  const out: { name: string; kind: string; cases: string[] }[] = [];
  for (const arg of argumentsOf(text)) {
    if (arg.kind) out.push({ name: arg.name, kind: arg.kind, cases: Object.keys(arg.cases) });
    for (const body of Object.values(arg.cases)) out.push(...choicesOf(body));
  }
  return out;
}
