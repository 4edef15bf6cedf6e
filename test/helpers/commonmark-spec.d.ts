// The shape of the commonmark-spec package (the CommonMark spec's examples), which ships no types of its own.
declare module 'commonmark-spec' {
  const spec: {
    text: string;
    tests: { markdown: string; html: string; section: string; number: number }[];
  };
  export default spec;
}
