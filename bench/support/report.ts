/** Print a benchmark's figures as an aligned table, with the command that produced them. */
export const report = (title: string, command: string, rows: [string, string][]): void => {
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n## ${title}\n$ ${command}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
};

export const ms = (n: number) => `${n.toFixed(2)} ms`;
export const perSec = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;
