/**
 * A query the stats layer cannot answer as asked; its message names the part that is wrong (the
 * api answers 400), and `field` its place in the query (`filters.1.2`, the second filter's
 * values) so a form can show it at the control that made it.
 */
export class StatsQueryError extends Error {
  override name = 'StatsQueryError';

  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
