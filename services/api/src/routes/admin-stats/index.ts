// The owner's goals and API tokens for the Traffic page and the stats API: list, create,
// change and remove goals; create (shown once), list and revoke tokens. Admin-only by path.
import type { RouteApp } from '../../lib/route-app.ts';
import { Type } from '@sinclair/typebox';
import {
  ApiTokenCreatedSchema,
  ApiTokenInputSchema,
  ApiTokenSchema,
  GoalInputSchema,
  GoalSchema,
  goalProblem,
  type GoalInput,
} from '@curb/contracts/stats';
import { statsAccess } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import { newToken } from '../../lib/auth/api-tokens.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

const trimmed = (goal: GoalInput): GoalInput => ({ name: goal.name.trim(), kind: goal.kind, match: goal.match.trim() });
function checked(goal: GoalInput): GoalInput {
  const clean = trimmed(goal);
  const problem = goalProblem(clean);
  if (problem) throw new HttpError(400, problem.message, { field: problem.field });
  return clean;
}
const nameTaken = (name: string) => new HttpError(409, `Another goal is named "${name}".`, { field: 'name' });

export default async function adminStatsRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const { sql } = opts.stores;

  app.get('/api/admin/goals', { schema: { response: { 200: Type.Array(GoalSchema) } } }, async () => statsAccess.listGoals(sql));

  app.post('/api/admin/goals', { schema: { body: GoalInputSchema, response: { 201: GoalSchema } } }, async (request, reply) => {
    const goal = checked(request.body);
    const created = await statsAccess.createGoal(sql, goal);
    if (!created) throw nameTaken(goal.name);
    return reply.code(201).send(created);
  });

  app.put(
    '/api/admin/goals/:id',
    { schema: { params: IdParams, body: GoalInputSchema, response: { 200: GoalSchema } } },
    async (request) => {
      const goal = checked(request.body);
      const result = await statsAccess.updateGoal(sql, request.params.id, goal);
      if (result === 'missing') throw new HttpError(404, 'There is no such goal.');
      if (result === 'taken') throw nameTaken(goal.name);
      return result;
    },
  );

  app.delete('/api/admin/goals/:id', { schema: { params: IdParams } }, async (request, reply) => {
    if (!(await statsAccess.removeGoal(sql, request.params.id))) throw new HttpError(404, 'There is no such goal.');
    return reply.code(204).send();
  });

  app.get('/api/admin/api-tokens', { schema: { response: { 200: Type.Array(ApiTokenSchema) } } }, async () => statsAccess.listTokens(sql));

  app.post(
    '/api/admin/api-tokens',
    { schema: { body: ApiTokenInputSchema, response: { 201: ApiTokenCreatedSchema } } },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (!name) throw new HttpError(400, 'Give the token a name.', { field: 'name' });
      const { token, hash, prefix } = newToken();
      const created = await statsAccess.createToken(sql, name, hash, prefix);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ ...created, token });
    },
  );

  app.delete('/api/admin/api-tokens/:id', { schema: { params: IdParams } }, async (request, reply) => {
    if (!(await statsAccess.revokeToken(sql, request.params.id))) throw new HttpError(404, 'There is no such token.');
    return reply.code(204).send();
  });
}
