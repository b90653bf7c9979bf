/**
 * A multipart body for `app.inject`, encoded by the platform's own FormData (as a browser
 * would send it), so tests exercise the real parser.
 */
export async function multipartPayload(
  fields: Record<string, string | Buffer | { bytes: Buffer; filename: string; type?: string }>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else if (Buffer.isBuffer(value)) form.append(name, new Blob([value]), `${name}.bin`);
    else form.append(name, new Blob([value.bytes], { type: value.type ?? '' }), value.filename);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}
