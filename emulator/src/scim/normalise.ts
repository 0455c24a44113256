/**
 * What real SCIM clients send, made into what RFC 7644 (and scimmy) expects, before scimmy sees it (issue 23 item 6):
 *
 * - PatchOp `op` in any case: Entra ID sends "Replace", "Add", "Remove" → lower case;
 * - a PatchOp without `schemas` gets the PatchOp schema;
 * - booleans as strings: Entra ID sends `"active": "False"` (and `"primary": "True"`) → real booleans, in a patch
 *   value, a no-path value object, and POST/PUT bodies;
 * - a no-path value whose keys are paths (Entra ID: `{"name.givenName": "Ann"}`, `{"urn:…:enterprise:2.0:User:department":
 *   "Ops"}`) → nested objects (`{name: {givenName}}`, `{"urn:…:enterprise:2.0:User": {department}}`);
 * - `add`/`replace` at `emails[type eq "work"].value` (Entra ID) when the resource has no such element yet → an
 *   `add` of the element `{type: "work", value}` (scimmy would answer noTarget); with an element, unchanged.
 *
 * Filters need no rewriting here: scimmy parses them, and one on an attribute the schema lacks simply matches nothing.
 */

type Json = Record<string, unknown>;

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
/** Attributes of the User and Group schemas that are booleans. */
const BOOLEAN_ATTRIBUTES = new Set(['active', 'primary']);
/** A schema URN prefix of an extension attribute path: `urn:…:User:department` splits after the last colon. */
const URN_PATH = /^(urn:[^\s]+):([A-Za-z_][\w.]*)$/;
/** `attr[type eq "x"].sub` (also without `.sub`). */
const TYPED_PATH = /^(\w+)\[\s*type\s+eq\s+"([^"]*)"\s*\](?:\.(\w+))?$/i;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `"True"`/`"false"` → boolean; anything else unchanged. */
function bool(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  return s === 'true' ? true : s === 'false' ? false : v;
}

/** A copy of `value` with the boolean attributes' string values made booleans, at any depth. */
export function booleansOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(booleansOf);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, BOOLEAN_ATTRIBUTES.has(k) ? bool(v) : booleansOf(v)]));
}

/** Sets `value` at the dotted `path` of `target` (creating objects on the way). */
function setPath(target: Json, path: string[], value: unknown): void {
  let at = target;
  for (const key of path.slice(0, -1)) {
    if (!isObject(at[key])) at[key] = {};
    at = at[key] as Json;
  }
  at[path[path.length - 1]] = value;
}

/** A no-path patch value whose keys are attribute paths, as nested objects (see the module comment). */
export function expandPaths(value: Json): Json {
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const urn = URN_PATH.exec(key);
    if (urn && !key.endsWith(':User') && !key.endsWith(':Group')) setPath(out, [urn[1], ...urn[2].split('.')], v);
    else if (!key.startsWith('urn:') && key.includes('.')) setPath(out, key.split('.'), v);
    else if (isObject(v) && isObject(out[key])) out[key] = { ...(out[key] as Json), ...v };
    else out[key] = v;
  }
  return out;
}

/** The value of a patch operation at `path` with the boolean strings made booleans. */
function patchValue(path: string | undefined, value: unknown): unknown {
  const last = path?.split(/[.:]/).pop()?.replace(/\[.*$/, '') ?? '';
  if (BOOLEAN_ATTRIBUTES.has(last)) return bool(value);
  return booleansOf(value);
}

/**
 * A PatchOp body as scimmy expects it (see the module comment). `current` is the resource as it is now (its SCIM
 * representation), used to turn a typed-path write with no matching element into an add of that element.
 */
export function normalisePatch(body: unknown, current: Json): unknown {
  if (!isObject(body)) return body;
  const ops = Array.isArray(body.Operations) ? body.Operations : Array.isArray(body.operations) ? body.operations : body.Operations;
  if (!Array.isArray(ops)) return { ...body, schemas: body.schemas ?? [PATCH_OP] };
  const Operations = ops.map((raw: unknown) => {
    if (!isObject(raw)) return raw;
    const op = typeof raw.op === 'string' ? raw.op.toLowerCase() : raw.op;
    const path = typeof raw.path === 'string' && raw.path.trim() ? raw.path.trim() : undefined;
    let value = patchValue(path, raw.value);
    if (!path && isObject(value)) value = expandPaths(value);
    const typed = path ? TYPED_PATH.exec(path) : null;
    if (typed && (op === 'add' || op === 'replace')) {
      const [, attr, type, sub] = typed;
      const list = Array.isArray(current[attr]) ? (current[attr] as Json[]) : [];
      if (!list.some((e) => isObject(e) && e.type === type)) {
        const element = sub ? { type, [sub]: value } : { type, ...(isObject(value) ? value : {}) };
        return { op: 'add', path: attr, value: [element] };
      }
    }
    return { ...raw, op, ...(path ? { path } : {}), value };
  });
  return { ...body, schemas: Array.isArray(body.schemas) && body.schemas.length ? body.schemas : [PATCH_OP], Operations };
}

/** A POST/PUT resource body as scimmy expects it: the boolean attributes' strings made booleans. */
export function normaliseResource(body: unknown): unknown {
  return booleansOf(body);
}
