/** "2 GiB", "64 MiB", "900 KiB": a size as the upload messages name it (server and page alike). */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  for (; value >= 1024 && unit < units.length - 1; unit++) value /= 1024;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
