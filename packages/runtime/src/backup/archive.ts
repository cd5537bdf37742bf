// The backup archive's container: a gzip-compressed POSIX tar (ustar), written and read here as
// streams so that no file is ever held in memory whole, and readable by `tar -xzf` for whoever
// wants to look inside. Entry sizes past ustar's 8 GiB use GNU's base-256 size field.
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);
const OCTAL_SIZE_LIMIT = 8 ** 11;

/** A refusal of the archive itself: damaged, truncated or not an archive at all. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

export interface ArchiveEntry {
  name: string;
  size: number;
  mode: number;
}

export interface EntryToWrite {
  name: string;
  /** A file to copy, or the bytes themselves. */
  source: string | Buffer;
  size: number;
  mode?: number;
}

function writeString(block: Buffer, offset: number, length: number, value: string): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`tar field too long: ${value}`);
  bytes.copy(block, offset);
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  writeString(block, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/** A name in ustar's 100-byte field, or split over the 155-byte prefix at a slash. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest };
  }
  throw new Error(`name too long for the archive: ${name}`);
}

function header(entry: ArchiveEntry, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(entry.name);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, entry.mode & 0o7777);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  if (entry.size < OCTAL_SIZE_LIMIT) writeOctal(block, 124, 12, entry.size);
  else {
    block[124] = 0x80;
    block.writeBigUInt64BE(BigInt(entry.size), 128);
  }
  writeOctal(block, 136, 12, Math.floor(mtime / 1000));
  block.fill(0x20, 148, 156);
  block[156] = 0x30; // '0': a regular file
  writeString(block, 257, 6, 'ustar\0');
  writeString(block, 263, 2, '00');
  writeString(block, 345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

async function* tarStream(entries: EntryToWrite[], mtime: number): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    yield header({ name: entry.name, size: entry.size, mode: entry.mode ?? 0o600 }, mtime);
    let written = 0;
    if (Buffer.isBuffer(entry.source)) {
      yield entry.source;
      written = entry.source.length;
    } else {
      for await (const chunk of createReadStream(entry.source)) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    if (written !== entry.size) throw new Error(`${entry.name} changed while it was archived (${entry.size} → ${written} bytes)`);
    const pad = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (pad) yield ZEROS.subarray(0, pad);
  }
  yield ZEROS;
}

/** Writes `entries` in order to a new gzip-compressed tar at `path`. */
export async function writeArchive(path: string, entries: EntryToWrite[], options: { level?: number } = {}): Promise<void> {
  await pipeline(
    Readable.from(tarStream(entries, Date.now())),
    createGzip({ level: options.level ?? 3 }),
    createWriteStream(path, { flags: 'wx', mode: 0o600 }),
  );
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readNumber(block: Buffer, offset: number, length: number): number {
  if (block[offset]! & 0x80) return Number(block.readBigUInt64BE(offset + length - 8));
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveError('damaged: an entry header is not readable');
  return text ? Number.parseInt(text, 8) : 0;
}

function parseHeader(block: Buffer): ArchiveEntry {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  if (readNumber(block, 148, 8) !== sum) throw new ArchiveError('damaged: an entry header fails its checksum');
  const type = block[156];
  if (type !== 0x30 && type !== 0) throw new ArchiveError('not a Curb Appeal backup: it holds entries other than files');
  const name = readString(block, 0, 100);
  const prefix = readString(block, 345, 155);
  return { name: prefix ? `${prefix}/${name}` : name, size: readNumber(block, 124, 12), mode: readNumber(block, 100, 8) };
}

/** Where an entry's bytes go while the archive is read. */
export interface EntrySink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

/**
 * Reads the archive at `path` entry by entry: `visit` is told each entry and answers where its
 * bytes go (null: skipped). Rejects with ArchiveError when the file is not a gzip-compressed tar or
 * is damaged or cut short (gzip's own check covers every byte, at the end).
 */
export async function readArchive(path: string, visit: (entry: ArchiveEntry) => Promise<EntrySink | null>): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let entry: { sink: EntrySink | null; left: number; pad: number } | null = null;
  let ended = false;
  let read = 0;
  let headers = 0;
  /** The refusal `consume` raised: the pipeline reports an abort in its place. */
  let refused: unknown;
  const consume = async (chunk: Buffer) => {
    read += chunk.length;
    let data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    pending = Buffer.alloc(0);
    while (data.length && !ended) {
      if (entry) {
        if (entry.left > 0) {
          const part = data.subarray(0, Math.min(entry.left, data.length));
          entry.left -= part.length;
          data = data.subarray(part.length);
          if (entry.sink) await entry.sink.write(part);
          if (entry.left === 0 && entry.sink) await entry.sink.end();
          continue;
        }
        const skip = Math.min(entry.pad, data.length);
        entry.pad -= skip;
        data = data.subarray(skip);
        if (entry.pad === 0) entry = null;
        continue;
      }
      if (data.length < BLOCK) {
        pending = Buffer.from(data);
        return;
      }
      const block = data.subarray(0, BLOCK);
      data = data.subarray(BLOCK);
      if (block.every((b) => b === 0)) {
        ended = true;
        return;
      }
      const found = parseHeader(block);
      headers += 1;
      const sink = await visit(found);
      entry = { sink, left: found.size, pad: (BLOCK - (found.size % BLOCK)) % BLOCK };
      if (found.size === 0) {
        if (sink) await sink.end();
        entry = null;
      }
    }
  };
  try {
    await pipeline(createReadStream(path), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        try {
          await consume(chunk);
        } catch (err) {
          refused = err;
          throw err;
        }
      }
    });
  } catch (caught) {
    const err = refused ?? caught;
    if (err instanceof ArchiveError) throw err;
    if (headers === 0 && (err as NodeJS.ErrnoException).code === undefined)
      throw new ArchiveError('not a Curb Appeal backup: the file is not a tar archive');
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw err;
    if (read === 0) {
      throw new ArchiveError('not a Curb Appeal backup: the file is not a gzip-compressed archive');
    }
    const message = (err as Error).message;
    throw new ArchiveError(/unexpected end of file/i.test(message) ? 'damaged: it ends unexpectedly (cut short?)' : `damaged: ${message}`);
  }
  if (headers === 0) throw new ArchiveError('not a Curb Appeal backup: the file is not a tar archive');
  if (!ended) throw new ArchiveError('damaged: the archive ends before its last entry (cut short?)');
}
