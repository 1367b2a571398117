/**
 * Choices spelled out as shapes, for the breaking-change gate. An object with `oneOf: [{required: [a]},
 * {required: [b]}]` beside its properties (one group or several) accepts exactly the objects of a list of closed
 * shapes, one per combination of choices: the chosen names required, the names not chosen absent (`false`), since
 * sending two of one `oneOf`'s names matches two branches. So a schema reshaped from the choices into those shapes
 * (which code generators turn into a precise union) is compared shape by shape, not as a new rule on every field.
 */
import { isObj, schemaOf, structural, type Json, type View } from './breaking-view';

/** The one name each branch of a group requires, when the group is a `oneOf` of such branches only; else null. */
function namesOf(doc: Json, branches: unknown[]): string[] | null {
  const names: string[] = [];
  for (const b of branches) {
    const s = schemaOf(doc, b);
    const keys = structural(s);
    if (keys.length !== 1 || keys[0] !== 'required' || !Array.isArray(s.required) || s.required.length !== 1) return null;
    names.push(String(s.required[0]));
  }
  return new Set(names).size === names.length ? names : null;
}

/**
 * The shapes a view's choices allow, in the order of its groups' branches; null when its alternatives are not all
 * such choices (or it has none).
 */
export function spellOutChoices(doc: Json, v: View): Json[] | null {
  if (!v.groups.length) return null;
  const groups = v.groups.map((g) => (g.exclusive && !g.discriminator ? namesOf(doc, g.branches) : null));
  if (groups.some((g) => g === null)) return null;
  const { default: _default, ...base } = v.raw;
  let shapes: Json[] = [base];
  for (const names of groups as string[][]) {
    shapes = shapes.flatMap((shape) => names.map((chosen) => {
      const properties: Json = { ...(isObj(shape.properties) ? shape.properties : {}) };
      for (const other of names) if (other !== chosen) properties[other] = false;
      const required = [...new Set([...(Array.isArray(shape.required) ? shape.required.map(String) : []), chosen])];
      return { ...shape, required, properties };
    }));
  }
  return shapes;
}

/** The sorted required names of a shape: what pairs an old shape with the new one that takes the same choices. */
export function requiredKey(doc: Json, node: unknown): string {
  const s = schemaOf(doc, node);
  return `req:${(Array.isArray(s.required) ? s.required.map(String) : []).sort().join(',')}`;
}
