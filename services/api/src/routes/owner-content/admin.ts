// The admin's writes of the owner's profile, lists and posts: every save is validated whole
// against the contract (a refusal names the field), stored as the subject's next version in one
// transaction, and tells the public site at once (`siteContent.changed`). A subject never saved
// answers the sample, so the owner edits what the site shows.
import type { FastifyRequest } from 'fastify';
import type { RouteApp } from '../../lib/route-app.ts';
import {
  CONTENT_LISTS,
  OWNER_CONTENT_ROUTES,
  OwnerContentParams,
  OwnerProfileSchema,
  PageTextsSchema,
  PostEditSchema,
  ownerContentProblem,
  type AdminPost,
  type ContentListKind,
  type ContentVersion,
  type OwnerProfile,
  type PageTexts,
  type PostEdit,
} from '@curb/contracts/owner-content';
import type { TSchema } from '@sinclair/typebox';
import { sampleProfile } from '@curb/content';
import { adminUsers, ownerContent, type Tx } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import { unsavedList } from '../../plugins/site-content.ts';

/** Versions the history answers (newest first). */
const HISTORY_LIMIT = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const isListKind = (kind: string): kind is ContentListKind => Object.hasOwn(CONTENT_LISTS, kind);

/** 400 naming the field unless `value` is a valid `schema`. */
function mustConform(schema: TSchema, value: unknown, status = 400, prefix = ''): void {
  const problem = ownerContentProblem(schema, value);
  if (problem) throw new HttpError(status, prefix + problem.message, { field: problem.field });
}

const toAdminPost = (row: ownerContent.PostRow): AdminPost => ({
  ...row.doc,
  id: row.id,
  version: row.version,
  updatedAt: row.updated_at.toISOString(),
});

const today = () => new Date().toISOString().slice(0, 10);

/** The post as stored: published today when published without a date. */
const normalisedPost = (edit: PostEdit): PostEdit =>
  edit.status === 'published' && !edit.publishedAt ? { ...edit, publishedAt: today() } : edit;

const slugTaken = () => new HttpError(409, 'Another post already uses this address: choose another slug.', { field: 'slug' });

export default async function adminContentRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const { sql } = opts.stores;

  const whoIs = async (request: FastifyRequest) => {
    const id = request.adminId();
    return (id && (await adminUsers.findById(sql, id))?.email) || 'unknown';
  };

  /** Runs a save and tells the site; a slug taken meanwhile by another save is a 409. */
  const saving = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    try {
      const result = await sql.begin(work);
      await app.siteContent.changed();
      return result as T;
    } catch (err) {
      if ((err as { code?: string; constraint_name?: string }).constraint_name === 'posts_slug_key') throw slugTaken();
      throw err;
    }
  };

  /** Saves a profile or list document as its next version. */
  const saveSubject = (subject: string, doc: unknown, changedBy: string, revertedTo: number | null) =>
    saving(async (tx) => {
      const version = await ownerContent.save(tx, subject, doc);
      await ownerContent.insertVersion(tx, { subject, version, snapshot: doc, changedBy, revertedTo });
      return version;
    });

  const savePost = (id: string | null, edit: PostEdit, changedBy: string, revertedTo: number | null) =>
    saving(async (tx) => {
      const owner = await ownerContent.slugOwner(tx, edit.slug);
      if (owner && owner !== id) throw slugTaken();
      let row: ownerContent.PostRow | undefined;
      if (id === null) row = await ownerContent.insertPost(tx, edit);
      else {
        if (!(await ownerContent.lockPost(tx, id))) return undefined;
        row = await ownerContent.updatePost(tx, id, edit);
      }
      await ownerContent.insertVersion(tx, { subject: `post:${row!.id}`, version: row!.version, snapshot: edit, changedBy, revertedTo });
      return toAdminPost(row!);
    });

  const readProfile = async () => {
    const row = await ownerContent.find(sql, 'profile');
    return { profile: (row?.doc as OwnerProfile | undefined) ?? sampleProfile(), isSample: !row };
  };

  app.get(OWNER_CONTENT_ROUTES.profile, async () => readProfile());

  app.put(OWNER_CONTENT_ROUTES.profile, async (request) => {
    mustConform(OwnerProfileSchema, request.body);
    await saveSubject('profile', request.body, await whoIs(request), null);
    return readProfile();
  });

  const listKind = (kind: string): ContentListKind => {
    if (!isListKind(kind)) throw new HttpError(404, `There is no content list "${kind}".`);
    return kind;
  };
  const readList = async (kind: ContentListKind) => {
    const [saved, profile] = await Promise.all([ownerContent.find(sql, kind), ownerContent.find(sql, 'profile')]);
    return saved?.doc ?? unsavedList(kind, !profile);
  };

  app.get(OWNER_CONTENT_ROUTES.list, { schema: { params: OwnerContentParams.kind } }, async (request) =>
    readList(listKind(request.params.kind)),
  );

  app.put(OWNER_CONTENT_ROUTES.list, { schema: { params: OwnerContentParams.kind } }, async (request) => {
    const kind = listKind(request.params.kind);
    mustConform(CONTENT_LISTS[kind], request.body);
    await saveSubject(kind, request.body, await whoIs(request), null);
    return readList(kind);
  });

  const readPageTexts = async (): Promise<PageTexts> =>
    ((await ownerContent.find(sql, 'pages'))?.doc as PageTexts | undefined) ?? { descriptions: {} };

  app.get(OWNER_CONTENT_ROUTES.pageTexts, async () => readPageTexts());

  app.put(OWNER_CONTENT_ROUTES.pageTexts, async (request) => {
    mustConform(PageTextsSchema, request.body);
    await saveSubject('pages', request.body, await whoIs(request), null);
    return readPageTexts();
  });

  const postId = (id: string) => {
    if (!UUID.test(id)) throw new HttpError(404, 'This post does not exist.');
    return id;
  };

  app.get(OWNER_CONTENT_ROUTES.posts, async () => (await ownerContent.listPosts(sql)).map(toAdminPost));

  app.post(OWNER_CONTENT_ROUTES.posts, async (request, reply) => {
    mustConform(PostEditSchema, request.body);
    const saved = await savePost(null, normalisedPost(request.body as PostEdit), await whoIs(request), null);
    return reply.code(201).send(saved);
  });

  app.get(OWNER_CONTENT_ROUTES.post, { schema: { params: OwnerContentParams.id } }, async (request) => {
    const row = await ownerContent.findPost(sql, postId(request.params.id));
    if (!row) throw new HttpError(404, 'This post does not exist.');
    return toAdminPost(row);
  });

  app.put(OWNER_CONTENT_ROUTES.post, { schema: { params: OwnerContentParams.id } }, async (request) => {
    const id = postId(request.params.id);
    mustConform(PostEditSchema, request.body);
    const saved = await savePost(id, normalisedPost(request.body as PostEdit), await whoIs(request), null);
    if (!saved) throw new HttpError(404, 'This post does not exist.');
    return saved;
  });

  app.delete(OWNER_CONTENT_ROUTES.post, { schema: { params: OwnerContentParams.id } }, async (request, reply) => {
    const id = postId(request.params.id);
    const deleted = await saving((tx) => ownerContent.deletePost(tx, id));
    if (!deleted) throw new HttpError(404, 'This post does not exist.');
    return reply.code(204).send();
  });

  /** The subject a versions address names, checked: `profile`, a list kind, `pages` or `post:<id>`. */
  const subjectOf = (subject: string) => {
    if (subject === 'profile') return { subject, schema: OwnerProfileSchema as TSchema, postId: null };
    if (subject === 'pages') return { subject, schema: PageTextsSchema as TSchema, postId: null };
    if (isListKind(subject)) return { subject, schema: CONTENT_LISTS[subject] as TSchema, postId: null };
    const id = /^post:(.+)$/.exec(subject)?.[1];
    if (id && UUID.test(id)) return { subject, schema: PostEditSchema as TSchema, postId: id };
    throw new HttpError(404, `Nothing called "${subject}" has versions.`);
  };

  app.get(OWNER_CONTENT_ROUTES.versions, { schema: { params: OwnerContentParams.subject } }, async (request): Promise<ContentVersion[]> => {
    const { subject } = subjectOf(request.params.subject);
    const rows = await ownerContent.history(sql, subject, HISTORY_LIMIT);
    return rows.map((r) => ({
      version: r.version,
      changedAt: r.changed_at.toISOString(),
      changedBy: r.changed_by,
      revertedTo: r.reverted_to,
    }));
  });

  app.post(`${OWNER_CONTENT_ROUTES.versions}/:version/restore`, { schema: { params: OwnerContentParams.restore } }, async (request) => {
    const { subject, schema, postId: id } = subjectOf(request.params.subject);
    const { version } = request.params;
    const snapshot = await ownerContent.versionSnapshot(sql, subject, version);
    if (snapshot === undefined) throw new HttpError(404, `There is no version ${version} to restore.`);
    // A version saved before a rule existed may break it now: it is not restored half-way.
    mustConform(schema, snapshot, 409, `Version ${version} cannot be restored: `);
    const changedBy = await whoIs(request);
    if (id) {
      const saved = await savePost(id, snapshot as PostEdit, changedBy, version);
      if (!saved) throw new HttpError(404, 'This post does not exist.');
      return saved;
    }
    await saveSubject(subject, snapshot, changedBy, version);
    if (subject === 'profile') return readProfile();
    return subject === 'pages' ? readPageTexts() : readList(subject as ContentListKind);
  });
}
