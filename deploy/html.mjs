// HTML text shared by the shell's two servers: deploy/shell-document.mjs (plain Node in the images)
// and the shell's server build (shell/src/server/first-page-document.ts imports this file, and rspack
// bundles it into dist/server/first-page.mjs). Types: html.d.mts.

/** `value` made safe inside a double-quoted attribute (& " < > as character references). */
export function escapeAttribute(value) {
  return value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}
