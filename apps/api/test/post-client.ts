import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database.js';
import { stationGroups } from '../src/db/schema/index.js';
import { jpegWithGps, solidPng } from './fixtures/images/image-fixtures.js';
import { multipartPayload } from './multipart.js';

/** Who a request comes from: a Bearer token, a cookie (sent with our Origin), or nobody. */
export type TestAuth = { token?: string; cookie?: string };
type FormFields = Parameters<typeof multipartPayload>[0];

/** Posts, comments and reactions through real HTTP (inject), as the web client sends them. */
export function createPostClient(ctx: { app: FastifyInstance; db: Database }, origin: string) {
  function authHeaders(auth: TestAuth): Record<string, string> {
    return {
      origin,
      ...(auth.cookie && { cookie: auth.cookie }),
      ...(auth.token && { authorization: `Bearer ${auth.token}` }),
    };
  }

  async function form(method: 'POST' | 'PATCH', url: string, auth: TestAuth, fields: FormFields) {
    const { payload, headers } = await multipartPayload(fields);
    return ctx.app.inject({
      method,
      url: `/api/v2${url}`,
      payload,
      headers: { ...headers, ...authHeaders(auth) },
    });
  }

  function json(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    auth: TestAuth = {},
    payload?: object,
  ) {
    return ctx.app.inject({
      method,
      url: `/api/v2${url}`,
      headers: authHeaders(auth),
      ...(payload && { payload }),
    });
  }

  const createPost = (auth: TestAuth, fields: FormFields) => form('POST', '/posts', auth, fields);
  const updatePost = (auth: TestAuth, postId: string, fields: FormFields) =>
    form('PATCH', `/posts/${postId}`, auth, fields);

  /** Creates a post that must succeed and returns its data. */
  async function createdPost(auth: TestAuth, fields: FormFields) {
    const response = await createPost(auth, fields);
    if (response.statusCode !== 201)
      throw new Error(`post not created: ${response.statusCode} ${response.body}`);
    return response.json().data as PostData;
  }

  return { json, createPost, updatePost, createdPost };
}

export interface PostData {
  id: string;
  kind: string;
  title: string;
  images: { id: string; width: number; height: number }[];
  station_group_id: number | null;
  parent_post_id: string | null;
  user: { id: string; name: string; avatar: string | null };
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

export async function photoFile(name = 'photo.jpg') {
  return { bytes: await jpegWithGps(640, 480), filename: name, type: 'image/jpeg' };
}

export async function pngFile(name = 'photo.png') {
  return { bytes: await solidPng(32, 24), filename: name, type: 'image/png' };
}

/** A station group's id by its name (and prefecture), from the real station data. */
export async function stationGroupIdOf(db: Database, name: string, prefectureId: number) {
  const rows = await db
    .select({ id: stationGroups.id, prefectureId: stationGroups.prefectureId })
    .from(stationGroups)
    .where(eq(stationGroups.name, name));
  const row = rows.find((candidate) => candidate.prefectureId === prefectureId);
  if (!row) throw new Error(`no station group ${name} in prefecture ${prefectureId}`);
  return row.id;
}

/** Coordinates beside 東京駅's Marunouchi side, and a point in Shinjuku. */
export const NEAR_TOKYO_STATION = { lat: '35.6813', lng: '139.7660' };
export const SHINJUKU_POINT = { lat: '35.6900', lng: '139.7003' };
