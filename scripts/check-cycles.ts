/**
 * `npm run lint` step: fails when any import cycle exists among the repository's own modules
 * (docs/architecture.md "Dependency direction"). Unlike ESLint's import cycle rules, type-only imports are
 * followed too: a type cycle between two files is still a layering mistake (find-form ↔ position-fields was
 * one), and it turns into a runtime cycle the day someone imports a value along the same edge.
 *
 * Imports are read lexically (ts.preProcessFile) and resolved with the project's own tsconfig (paths
 * aliases included); strongly connected components (Tarjan) of more than one file — or a file importing
 * itself — are the cycles.
 */
import path from 'node:path';
import { importGraph, loadCompilerOptions, root, roots, sourceFiles } from './import-graph';

/** Tarjan's strongly connected components, iteratively (deep import chains would overflow recursion). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && edges.includes(frame.node);
        if (component.length > 1 || selfLoop) found.push(component);
      }
    }
  }
  return found;
}

const files = roots.flatMap((dir) => sourceFiles(path.join(root, dir)));
const graph = importGraph(files, loadCompilerOptions());
const found = cycles(graph);
if (found.length === 0) {
  console.log(`check-cycles: no import cycles among ${files.length} files (type-only imports included)`);
} else {
  console.error(`check-cycles: ${found.length} import cycle(s) (type-only imports count too):`);
  for (const component of found) {
    const names = component.map((f) => path.relative(root, f)).sort();
    console.error(`  - ${names.join(' ↔ ')}`);
  }
  process.exit(1);
}
