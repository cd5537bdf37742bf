// Goals as SQL conditions on an event of a visit. The conversions every site has are written as
// literals (their names are ours); the owner's goals are data, so their names and paths are
// bound as parameters.
import { CONVERSION_GOALS, type GoalDefinition } from '@curb/contracts/stats';
import { EVENTS } from '@curb/contracts/tracking';

/** A goal, optionally limited to the submits of some forms (an audit request). */
export interface Goal extends GoalDefinition {
  forms?: readonly string[];
  /** Ours, not the owner's: written into the SQL as literals. */
  builtIn?: boolean;
}

const FORM_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** The conversions: a lead, an audit request (the submit of a form that asks for an audit), a booked consultation. */
export function conversionGoals(auditForms: readonly string[]): Goal[] {
  const forms = auditForms.filter((f) => FORM_ID.test(f));
  return [
    { name: CONVERSION_GOALS.lead, kind: 'event', match: EVENTS.lead, builtIn: true },
    { name: CONVERSION_GOALS.auditRequest, kind: 'event', match: EVENTS.formSubmit, forms, builtIn: true },
    { name: CONVERSION_GOALS.consultation, kind: 'event', match: EVENTS.consultationBooked, builtIn: true },
  ];
}

/** A page goal's path with `*` for any characters, as a LIKE pattern. */
export const likePattern = (path: string) => path.replace(/[\\%_]/g, (c) => `\\${c}`).replaceAll('*', '%');

/** Collects bound parameters under generated names. */
export class Params {
  readonly values: Record<string, unknown> = {};
  private n = 0;
  bind(value: string | string[]): string {
    const name = `p${this.n++}`;
    this.values[name] = value;
    return Array.isArray(value) ? `{${name}:Array(String)}` : `{${name}:String}`;
  }
}

const text = (value: string) => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/**
 * The condition an event meets when it completes the goal, over the names `path`, `name` and
 * `form` (a visit's events as the visits table keeps them: lambda parameters over its ev_*
 * arrays).
 */
export function goalCondition(goal: Goal, params: Params): string {
  const value = (v: string) => (goal.builtIn ? text(v) : params.bind(v));
  if (goal.kind === 'page') return `(name = '${EVENTS.pageView}' AND path LIKE ${value(likePattern(goal.match))})`;
  const forms = goal.forms ? ` AND form IN (${goal.forms.length ? goal.forms.map(text).join(', ') : "''"})` : '';
  return `(name = ${value(goal.match)}${forms})`;
}
