export interface Bytes { raw: number; gzip: number }
export interface PageSize {
  js: Bytes; css: Bytes; jsShared: Bytes; jsPage: Bytes; cssShared: Bytes; cssPage: Bytes; html: Bytes;
  files: { js: string[]; css: string[] };
}
export function pageAssetUrls(html: string): { js: string[]; css: string[] };
export function fileSize(url: string): Bytes;
export function pageSizes<K extends string>(pages: Record<K, string>): Record<K, PageSize>;
export function vitalsJsSize(): Bytes & { files: string[] };
