/**
 * The server test files that run on both database engines (issue 27): the `unit` project runs them on SQLite and the
 * `unit-postgres` project (vitest.config.ts) runs the same files again with REELSCOPE_TEST_ENGINE=postgres. Their
 * back end and their own reads go through support/testEngine.ts. A server test file not listed here runs on SQLite
 * only; the ones that test SQLite itself say so in their first lines.
 */
export const BOTH_ENGINE_TESTS: string[] = [
  'tests/unit/server/accessTokens.test.ts',
  'tests/unit/server/activity/brandActivity.test.ts',
  'tests/unit/server/assistant/assistantGraphql.test.ts',
  'tests/unit/server/authorization.test.ts',
  'tests/unit/server/campaigns/campaignSubmission.test.ts',
  'tests/unit/server/campaigns/campaigns.test.ts',
  'tests/unit/server/chat/chatKeySession.test.ts',
  'tests/unit/server/chat/chatRoutes.test.ts',
  'tests/unit/server/chat/pubnubProtocol.test.ts',
  'tests/unit/server/creators/creators.test.ts',
  'tests/unit/server/creators/mailCampaigns.test.ts',
  'tests/unit/server/emailConfirmation.test.ts',
  'tests/unit/server/googleSignIn.test.ts',
  'tests/unit/server/home/homeAccess.test.ts',
  'tests/unit/server/home/homeMatchesList.test.ts',
  'tests/unit/server/httpBehaviour.test.ts',
  'tests/unit/server/idParams.test.ts',
  'tests/unit/server/licensing/licensing.test.ts',
  'tests/unit/server/live/liveChanges.test.ts',
  'tests/unit/server/login.test.ts',
  'tests/unit/server/openapiFuzz.test.ts',
  'tests/unit/server/products/productActions.test.ts',
  'tests/unit/server/requestLog.test.ts',
  'tests/unit/server/requestLogHttp.test.ts',
  'tests/unit/server/session.test.ts',
  'tests/unit/server/signUp.test.ts',
  'tests/unit/server/systemRoutes.test.ts',
  'tests/unit/server/trustedProxies.test.ts',
  'tests/unit/server/videos/searchNul.test.ts',
  'tests/unit/server/videos/videoActions.test.ts',
  'tests/unit/server/widgets/hostileInput.test.ts',
  'tests/unit/server/widgets/storeAddress.test.ts',
];
