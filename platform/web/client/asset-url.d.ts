/** `import url from '<file>?url'`: the URL of the file, copied among the built files (see web-assets.ts). */
declare module '*?url' {
  const url: string;
  export default url;
}
