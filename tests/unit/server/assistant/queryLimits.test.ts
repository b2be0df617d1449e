// No database (not in bothEngineTests.ts): it validates a query against the assistant's GraphQL schema only.
import { expect, it } from 'vitest';
import { getIntrospectionQuery, parse, validate, specifiedRules } from 'graphql';
import { assistantSchema } from '../../../../src/server/routes/graphql/assistantSchema';
import { queryLimitsRule } from '../../../../src/server/routes/graphql/queryLimits';
/** Tools (Apollo's codegen, GraphiQL) introspect the schema first: the bounds must let the full query through. */
it('lets the full introspection query through the depth and size bounds', () => {
  const errors = validate(assistantSchema, parse(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true })), [...specifiedRules, queryLimitsRule]);
  expect(errors).toEqual([]);
});
