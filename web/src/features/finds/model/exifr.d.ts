/** exifr's "mini" build (JPEG/TIFF, GPS only): the package ships types for its full entry point only. */
declare module 'exifr/dist/mini.esm.mjs' {
  export function gps(
    input: Blob | ArrayBuffer | string,
  ): Promise<{ latitude: number; longitude: number } | undefined>;
}
