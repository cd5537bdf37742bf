// The owner's profile and content lists (`owner_content`, one row per subject), their posts
// (`posts`), the uploaded images (`media`) and every saved version of a subject
// (`owner_content_versions`). A subject with no row has never been saved: the api shows the
// sample instead. Documents are stored as the api validated them.
import type { PostEdit } from '@curb/contracts/owner-content';
import type { Db, Tx } from '../client.ts';

export interface SubjectRow {
  doc: unknown;
  version: number;
}

/** Every saved subject (profile and lists) with its document. */
export async function readAll(db: Db): Promise<Map<string, SubjectRow>> {
  const rows = await db<(SubjectRow & { subject: string })[]>`SELECT subject, doc, version FROM owner_content`;
  return new Map(rows.map((r) => [r.subject, { doc: r.doc, version: r.version }]));
}

export async function find(db: Db, subject: string): Promise<SubjectRow | undefined> {
  const [row] = await db<SubjectRow[]>`SELECT doc, version FROM owner_content WHERE subject = ${subject}`;
  return row;
}

/** Saves a subject's document as its next version (the first save is version 1); the version written. */
export async function save(tx: Tx, subject: string, doc: unknown): Promise<number> {
  const [row] = await tx<{ version: number }[]>`
    INSERT INTO owner_content (subject, doc, version) VALUES (${subject}, ${tx.json(doc as never)}, 1)
    ON CONFLICT (subject) DO UPDATE SET doc = EXCLUDED.doc, version = owner_content.version + 1, updated_at = now()
    RETURNING version`;
  return row!.version;
}

export interface NewVersion {
  subject: string;
  version: number;
  snapshot: unknown;
  changedBy: string;
  revertedTo: number | null;
}

export async function insertVersion(tx: Tx, v: NewVersion): Promise<void> {
  await tx`
    INSERT INTO owner_content_versions (subject, version, snapshot, changed_by, reverted_to)
    VALUES (${v.subject}, ${v.version}, ${tx.json(v.snapshot as never)}, ${v.changedBy}, ${v.revertedTo})`;
}

export interface VersionRow {
  version: number;
  changed_at: Date;
  changed_by: string;
  reverted_to: number | null;
}

/** A subject's versions, newest first. */
export async function history(db: Db, subject: string, limit: number): Promise<VersionRow[]> {
  return db<VersionRow[]>`
    SELECT version, changed_at, changed_by, reverted_to FROM owner_content_versions
    WHERE subject = ${subject} ORDER BY version DESC LIMIT ${limit}`;
}

/** The document a version saved, or undefined. */
export async function versionSnapshot(db: Db, subject: string, version: number): Promise<unknown> {
  const [row] = await db<{ snapshot: unknown }[]>`
    SELECT snapshot FROM owner_content_versions WHERE subject = ${subject} AND version = ${version}`;
  return row?.snapshot;
}

// ── posts ────────────────────────────────────────────────────────────────────────────────

export interface PostRow {
  id: string;
  doc: PostEdit;
  version: number;
  updated_at: Date;
}

const postColumns = 'id, doc, version, updated_at';

/** Whether the owner has ever saved a post (until then the site shows the sample posts). */
export async function hasPosts(db: Db): Promise<boolean> {
  const [row] = await db<{ any: boolean }[]>`SELECT EXISTS (SELECT 1 FROM posts) AS any`;
  return row!.any;
}

/** Every post, drafts too, newest first (drafts before the published). */
export async function listPosts(db: Db): Promise<PostRow[]> {
  return db<PostRow[]>`
    SELECT ${db.unsafe(postColumns)} FROM posts ORDER BY published_at DESC NULLS FIRST, created_at DESC`;
}

/** Published posts, newest first. */
export async function publishedPosts(db: Db): Promise<PostRow[]> {
  return db<PostRow[]>`
    SELECT ${db.unsafe(postColumns)} FROM posts WHERE status = 'published' ORDER BY published_at DESC, created_at DESC`;
}

export async function findPost(db: Db, id: string): Promise<PostRow | undefined> {
  const [row] = await db<PostRow[]>`SELECT ${db.unsafe(postColumns)} FROM posts WHERE id = ${id}`;
  return row;
}

export async function findPublishedBySlug(db: Db, slug: string): Promise<PostRow | undefined> {
  const [row] = await db<PostRow[]>`
    SELECT ${db.unsafe(postColumns)} FROM posts WHERE slug = ${slug} AND status = 'published'`;
  return row;
}

/** The id of the post with this slug, if any. */
export async function slugOwner(db: Db, slug: string): Promise<string | undefined> {
  const [row] = await db<{ id: string }[]>`SELECT id FROM posts WHERE slug = ${slug}`;
  return row?.id;
}

export async function lockPost(tx: Tx, id: string): Promise<PostRow | undefined> {
  const [row] = await tx<PostRow[]>`SELECT ${tx.unsafe(postColumns)} FROM posts WHERE id = ${id} FOR UPDATE`;
  return row;
}

const publishedDate = (edit: PostEdit) => (edit.status === 'published' && edit.publishedAt ? edit.publishedAt : null);

export async function insertPost(tx: Tx, edit: PostEdit): Promise<PostRow> {
  const [row] = await tx<PostRow[]>`
    INSERT INTO posts (slug, status, published_at, doc)
    VALUES (${edit.slug}, ${edit.status}, ${publishedDate(edit)}, ${tx.json(edit as never)})
    RETURNING ${tx.unsafe(postColumns)}`;
  return row!;
}

export async function updatePost(tx: Tx, id: string, edit: PostEdit): Promise<PostRow | undefined> {
  const [row] = await tx<PostRow[]>`
    UPDATE posts SET slug = ${edit.slug}, status = ${edit.status}, published_at = ${publishedDate(edit)},
      doc = ${tx.json(edit as never)}, version = version + 1, updated_at = now()
    WHERE id = ${id}
    RETURNING ${tx.unsafe(postColumns)}`;
  return row;
}

/** Deletes a post and its versions; whether there was one. */
export async function deletePost(tx: Tx, id: string): Promise<boolean> {
  const deleted = await tx`DELETE FROM posts WHERE id = ${id} RETURNING id`;
  await tx`DELETE FROM owner_content_versions WHERE subject = ${`post:${id}`}`;
  return deleted.length > 0;
}

// ── media ────────────────────────────────────────────────────────────────────────────────

export interface MediaRow {
  id: string;
  mime: string;
  width: number;
  height: number;
  widths: number[];
  bytes: number;
  alt: string;
  created_at: Date;
}

export async function insertMedia(db: Db, m: Omit<MediaRow, 'created_at'>): Promise<MediaRow> {
  const [row] = await db<MediaRow[]>`
    INSERT INTO media (id, mime, width, height, widths, bytes, alt)
    VALUES (${m.id}, ${m.mime}, ${m.width}, ${m.height}, ${m.widths}, ${m.bytes}, ${m.alt})
    RETURNING id, mime, width, height, widths, bytes, alt, created_at`;
  return row!;
}

/** The library, newest first. */
export async function listMedia(db: Db, limit: number): Promise<MediaRow[]> {
  return db<MediaRow[]>`
    SELECT id, mime, width, height, widths, bytes, alt, created_at FROM media ORDER BY created_at DESC LIMIT ${limit}`;
}

/** The widths written for each of these images (unknown ids are left out). */
export async function mediaWidths(db: Db, ids: readonly string[]): Promise<Map<string, number[]>> {
  if (!ids.length) return new Map();
  const rows = await db<{ id: string; widths: number[] }[]>`SELECT id, widths FROM media WHERE id = ANY(${ids as string[]}::uuid[])`;
  return new Map(rows.map((r) => [r.id, r.widths]));
}
