import { GraphQLError, Kind, type ASTVisitor, type SelectionSetNode, type ValidationContext } from 'graphql';

/** Deepest selection an operation may nest (a standard introspection query needs 13). */
export const MAX_QUERY_DEPTH = 15;
/** Most fields an operation may select in all, fragments expanded (aliases cannot multiply the work past this). */
export const MAX_QUERY_FIELDS = 400;

/**
 * A validation rule bounding every operation's depth and size (issue 13), fragments followed once each, so a
 * hostile query is refused before any resolver runs.
 */
export function queryLimitsRule(context: ValidationContext): ASTVisitor {
  interface Size { depth: number; fields: number }
  // Each fragment is measured once and counted at every use, so reuse cannot hide size; a cycle counts as empty
  // (the standard NoFragmentCycles rule reports it).
  const fragments = new Map<string, Size>();
  const fragmentSize = (name: string): Size => {
    const known = fragments.get(name);
    if (known) return known;
    fragments.set(name, { depth: 0, fields: 0 });
    const set = context.getFragment(name)?.selectionSet;
    const size = set ? measure(set) : { depth: 0, fields: 0 };
    fragments.set(name, size);
    return size;
  };
  /** Depth below this selection set (its fields count 1) and its fields in all. */
  function measure(set: SelectionSetNode): Size {
    let depth = 0;
    let fields = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const child = selection.selectionSet ? measure(selection.selectionSet) : { depth: 0, fields: 0 };
        depth = Math.max(depth, child.depth + 1);
        fields = Math.min(Number.MAX_SAFE_INTEGER, fields + 1 + child.fields);
        continue;
      }
      const child = selection.kind === Kind.INLINE_FRAGMENT ? measure(selection.selectionSet) : fragmentSize(selection.name.value);
      depth = Math.max(depth, child.depth);
      fields = Math.min(Number.MAX_SAFE_INTEGER, fields + child.fields);
    }
    return { depth, fields };
  }
  return {
    OperationDefinition(node) {
      const { depth, fields } = measure(node.selectionSet);
      if (depth > MAX_QUERY_DEPTH) context.reportError(new GraphQLError(`The query nests ${depth} levels deep; at most ${MAX_QUERY_DEPTH} are answered.`, { nodes: node }));
      if (fields > MAX_QUERY_FIELDS) context.reportError(new GraphQLError(`The query selects ${fields} fields; at most ${MAX_QUERY_FIELDS} are answered.`, { nodes: node }));
    },
  };
}
