/** An API answer in the envelope (docs/conventions.md#api-conventions), for tests that stub fetch. */
export function envelope(
  status: number,
  body: { data?: unknown; message: string; errors?: unknown; code?: string },
): Response {
  return new Response(
    JSON.stringify({
      data: body.data ?? null,
      message: body.message,
      status,
      success: status < 400,
      errors: body.errors ?? null,
      ...(body.code ? { code: body.code } : {}),
    }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}
