/** `import css from './x.css.ts?inline'`: the compiled CSS as a string (tools/vanilla-inline.js). */
declare module '*?inline' {
  const css: string;
  export default css;
}
