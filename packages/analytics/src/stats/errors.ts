/** A query the stats layer cannot answer as asked; its message names the part that is wrong (the api answers 400). */
export class StatsQueryError extends Error {
  override name = 'StatsQueryError';
}
