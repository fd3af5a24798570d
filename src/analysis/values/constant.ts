/** A constant an expression may evaluate to. */
export type Constant = number | string | boolean | null | undefined;

/**
 * The constants an expression may evaluate to, or `undefined` when that cannot be determined
 * statically. `c ? a : b` gives both branches' values.
 */
export type ValueSet = readonly Constant[];
