/** Written by `scripts/vite-municipalities.ts`: the URL of the Italian municipalities data file. */
declare module 'virtual:italian-municipalities' {
  const url: string
  export default url
}
