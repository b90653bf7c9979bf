import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { POST_KINDS } from './posts.js';
import { REPORT_REASONS, REPORT_TARGET_KINDS } from './reports.js';

/**
 * The whole-account archive (docs/archive.md): the API's calls, and `archive.json`, the
 * machine-readable file in every archive ZIP. The same zod schema checks an archive brought in
 * by an import and is published as a JSON Schema (docs/archive.schema.json), so others can read
 * and write the format without our code.
 */

/** The version of `archive.json` this code writes and the newest it reads. */
export const ARCHIVE_SCHEMA_VERSION = 1;
/** What `format` says in every archive. */
export const ARCHIVE_FORMAT = 'ekispot-archive';
/** A member may ask for one archive a Japan day. */
export const ARCHIVES_PER_DAY = 1;
/** How long a ready archive can be downloaded. */
export const ARCHIVE_KEEP_DAYS = 7;
/** The largest archive an import takes. */
export const ARCHIVE_IMPORT_MAX_BYTES = 1024 * 1024 * 1024;

export const ARCHIVE_JOB_STATUSES = ['pending', 'running', 'ready', 'failed', 'expired'] as const;
export type ArchiveJobStatus = (typeof ARCHIVE_JOB_STATUSES)[number];

/** The member's newest archive as the settings page shows it. */
export const archiveJobSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    status: z.enum(ARCHIVE_JOB_STATUSES),
    /** 0–100, from the items written so far. */
    progress: z.number().int().min(0).max(100),
    requested_at: z.iso.datetime(),
    ready_at: z.iso.datetime().nullable(),
    expires_at: z.iso.datetime().nullable(),
    byte_size: z.number().int().nullable(),
    /** The download's address while it may be downloaded (the member only). */
    download_url: z.string().nullable(),
    /** Whether another may be asked for now (one a Japan day). */
    can_request: z.boolean(),
  }),
);
export type ArchiveJob = z.infer<typeof archiveJobSchema>;

export const archiveStatusSchema = lazySchema(() =>
  z.object({ archive: archiveJobSchema.nullable() }),
);
export type ArchiveStatus = z.infer<typeof archiveStatusSchema>;

export const archiveIdParamsSchema = lazySchema(() =>
  z.object({ archiveId: z.uuid('アーカイブが見つかりませんでした。') }),
);

/** What one import brought in; `skipped` were there already (the same archive twice adds nothing). */
export const archiveImportReportSchema = lazySchema(() =>
  z.object({
    added: z.object({
      posts: z.number().int(),
      photos: z.number().int(),
      lists: z.number().int(),
      stamps: z.number().int(),
      rides: z.number().int(),
      settings: z.boolean(),
    }),
    skipped: z.number().int(),
    /** Members here whose name matches a follow in the archive: followed only when confirmed. */
    follow_candidates: z.array(
      z.object({ id: z.uuid(), name: z.string(), following: z.boolean() }),
    ),
    /** Names followed in the archive that match nobody here. */
    unmatched_follows: z.array(z.string()),
  }),
);
export type ArchiveImportReport = z.infer<typeof archiveImportReportSchema>;

export const ARCHIVE_MESSAGES = {
  requested: 'アーカイブの作成を受け付けました。準備ができたらメールでお知らせします。',
  oncePerDay: 'アーカイブは1日に1回まで作成できます。明日またお試しください。',
  notFound: 'アーカイブが見つかりませんでした。',
  imported: 'アーカイブを取り込みました。',
  notAnArchive:
    'えきスポのアーカイブ（ZIPファイル）ではありません。「データをダウンロード」で作ったファイルを選んでください。',
  truncated:
    'ZIPファイルが途中で切れているか壊れています。ダウンロードし直してからもう一度お試しください。',
  newerSchema: (version: number) =>
    `このアーカイブは新しい形式（バージョン${version}）で作られています。このえきスポではまだ読み込めません。`,
  unsafeEntry: (name: string) =>
    `ZIPの中に安全でない場所を指すファイル（${name}）があるため、取り込めません。`,
  damagedPhoto: (name: string) => `写真 ${name} が壊れているため、取り込めません。`,
  missingPhoto: (name: string) => `写真 ${name} がアーカイブの中にありません。`,
  invalidDocument: 'archive.json の内容が正しくありません。',
  tooLarge: `アーカイブが大きすぎます（${ARCHIVE_IMPORT_MAX_BYTES / 1024 / 1024 / 1024}GBまで）。`,
  fileRequired: '取り込むアーカイブのファイルを選んでください。',
} as const;

/* ---- archive.json ---- */

const isoDate = () => z.iso.date();
const isoDateTime = () => z.iso.datetime({ offset: true });
const stationRef = () => z.object({ id: z.number().int(), name: z.string() });
const memberRef = () => z.object({ id: z.string(), name: z.string() });
/** A file inside the ZIP: relative, forward slashes, never `..`. */
const zipPath = () => z.string().regex(/^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9_./-]*$/);

const archivePhoto = () =>
  z.object({ file: zipPath(), width: z.number().int(), height: z.number().int() });

const archivePost = () =>
  z.object({
    id: z.string(),
    kind: z.enum(POST_KINDS),
    title: z.string(),
    body: z.string(),
    station: stationRef().nullable(),
    parent_post_id: z.string().nullable(),
    location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    starts_at: isoDateTime().nullable(),
    ends_at: isoDateTime().nullable(),
    created_at: isoDateTime(),
    updated_at: isoDateTime(),
    imported: z.boolean(),
    like_count: z.number().int(),
    want_count: z.number().int(),
    photos: z.array(archivePhoto()),
    comments: z.array(
      z.object({
        id: z.string(),
        author: memberRef(),
        body: z.string(),
        created_at: isoDateTime(),
      }),
    ),
  });

const reaction = () =>
  z.object({
    post_id: z.string(),
    post_title: z.string(),
    author_name: z.string(),
    created_at: isoDateTime(),
  });

const archiveList = () =>
  z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    is_public: z.boolean(),
    created_at: isoDateTime(),
    updated_at: isoDateTime(),
    files: z.object({ geojson: zipPath(), gpx: zipPath() }),
    items: z.array(
      z.object({
        position: z.number().int(),
        note: z.string(),
        station: stationRef().nullable(),
        post_id: z.string().nullable(),
        post_title: z.string().nullable(),
      }),
    ),
  });

const relation = () => z.object({ id: z.string(), name: z.string(), created_at: isoDateTime() });

export const archiveDocumentSchema = lazySchema(() =>
  z
    .object({
      format: z.literal(ARCHIVE_FORMAT),
      schema_version: z.number().int().min(1),
      exported_at: isoDateTime(),
      instance: z.string(),
      account: z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        bio: z.string(),
        avatar: zipPath().nullable(),
        created_at: isoDateTime(),
      }),
      posts: z.array(archivePost()),
      comments_on_others: z.array(
        z.object({
          id: z.string(),
          post_id: z.string(),
          post_title: z.string(),
          body: z.string(),
          created_at: isoDateTime(),
        }),
      ),
      likes: z.array(reaction()),
      wants: z.array(reaction()),
      station_wants: z.array(z.object({ station: stationRef(), created_at: isoDateTime() })),
      lists: z.array(archiveList()),
      stamps: z.array(
        z.object({ station: stationRef(), collected_on: isoDate(), record_only: z.boolean() }),
      ),
      follows: z.array(relation()),
      mutes: z.array(relation()),
      blocks: z.array(relation()),
      reports: z.array(
        z.object({
          target_kind: z.enum(REPORT_TARGET_KINDS),
          target_id: z.string(),
          reason: z.enum(REPORT_REASONS),
          note: z.string().nullable(),
          status: z.string(),
          created_at: isoDateTime(),
        }),
      ),
      settings: z.object({
        mail_opt_in: z.boolean(),
        actions_public: z.boolean(),
        notification_mail_types: z.array(z.string()),
        push: z.object({
          push_types: z.array(z.string()),
          quiet_hours: z.object({ enabled: z.boolean(), start: z.string(), end: z.string() }),
        }),
      }),
      /** Sections other parts of Ekispot add (rides, followed tags, muted words); null when absent. */
      rides: z
        .object({ files: z.record(z.string(), zipPath()), items: z.array(z.unknown()) })
        .nullable(),
      followed_tags: z.array(z.string()).nullable(),
      muted_words: z.array(z.string()).nullable(),
    })
    .meta({
      title: 'えきスポ アーカイブ (archive.json)',
      description: 'Everything one member made or chose on an Ekispot instance (docs/archive.md).',
    }),
);
export type ArchiveDocument = z.infer<typeof archiveDocumentSchema>;
export type ArchivePost = ArchiveDocument['posts'][number];
export type ArchiveList = ArchiveDocument['lists'][number];

/** Only the header: read first, so a newer version is told as such, not as a broken file. */
export const archiveHeaderSchema = lazySchema(() =>
  z.object({ format: z.literal(ARCHIVE_FORMAT), schema_version: z.number().int().min(1) }),
);
