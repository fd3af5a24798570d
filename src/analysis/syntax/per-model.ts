/**
 * `compute`, worked out on the first call for a file's model and kept as long as that model lives (one per linted
 * file, let go with it). Later calls with the same model get that value whatever else they pass: the other arguments
 * are the same file's (its source code, its visitor keys), so they cannot change it.
 */
export function perModel<Model extends object, Value, Rest extends unknown[]>(
  compute: (model: Model, ...rest: Rest) => Value,
): (model: Model, ...rest: Rest) => Value {
  const values = new WeakMap<Model, Value>();
  return (model, ...rest) => {
    let value = values.get(model);
    if (value === undefined && !values.has(model)) values.set(model, (value = compute(model, ...rest)));
    return value as Value;
  };
}
