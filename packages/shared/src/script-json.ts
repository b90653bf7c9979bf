/**
 * JSON to write inside an HTML `<script>` data block (the JSON-LD the API writes into page heads, apps/api/src/plugins/web.ts, and a server-drawn page's data, apps/web/src/app/entry-server.tsx). Plain
 * JSON.stringify leaves `</script>` or `<!--` in a string as it is, which would end the element
 * early; `<`, `>` and `&` become `\u003c`, `\u003e` and `\u0026`, and U+2028/U+2029 their
 * escapes too, so the text parses to the same value and no sequence in it means anything to HTML.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
