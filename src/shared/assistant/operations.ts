/**
 * The assistant's GraphQL operations (spec §7), one document each, shared by the screen and the tests so both send
 * exactly what a stranger's client would.
 */
const MESSAGE_FIELDS = `_id content conversation_id role like start_date end_date question_id created_at
  supporting_data { collection_source db_id start_ts end_ts source_doc source_doc_type thumbnail_url transcript_id_video_id }
  reading { window_said products { id name } competitor { id name } concepts platform creator language answer_language understood suggestions }`;
const CONVERSATION_FIELDS = '_id brand_id created_at updated_at title working_messages { content role }';

export const GET_ALL_PROMPTS = 'query GetAllPrompts { getAllPrompts { _id prompt created_at updated_at } }';
export const GET_CONVERSATIONS = `query GetConversations($brandId: ID!) { getConversations(brandId: $brandId) { ${CONVERSATION_FIELDS} } }`;
export const GET_MESSAGES = `query GetMessages($conversationId: ID!) { getMessages(conversationId: $conversationId) { ${MESSAGE_FIELDS} } }`;
export const GET_VIDEO = 'query GetVideo($queryVideo: VideoQuery!) { getVideo(queryVideo: $queryVideo) { _id title platform video_url video_embedded_url manufacturer_ids analysis_stage } }';
export const CREATE_CONVERSATION = `mutation CreateConversation($brandId: ID!) { createConversation(brandId: $brandId) { ${CONVERSATION_FIELDS} } }`;
export const ASK_REELSCOPE = `mutation AskReelscope($brandId: ID!, $conversationId: ID!, $duration: String, $start_date: String, $end_date: String, $userMessage: UserMessage!, $reading: ReadingInput) {
  askReelscope(brandId: $brandId, conversationId: $conversationId, duration: $duration, start_date: $start_date, end_date: $end_date, userMessage: $userMessage, reading: $reading) { ${MESSAGE_FIELDS} } }`;
export const REGENERATE = `mutation Regenerate($conversationId: ID!, $questionId: ID!, $responseId: ID!) {
  regenerate(conversationId: $conversationId, questionId: $questionId, responseId: $responseId) { ${MESSAGE_FIELDS} } }`;
export const UPDATE_CONVERSATION = `mutation UpdateConversation($conversationId: ID!, $title: String!) { updateConversation(conversationId: $conversationId, title: $title) { ${CONVERSATION_FIELDS} } }`;
export const DELETE_CONVERSATION = 'mutation DeleteConversation($conversationId: ID!) { deleteConversation(conversationId: $conversationId) }';
export const LIKE_MESSAGE = `mutation LikeMessage($like: Int!, $messageId: ID!) { likeMessage(like: $like, messageId: $messageId) { ${MESSAGE_FIELDS} } }`;
/** Not in spec §7: the desktop app's generative mode stores a model's text, citing only the answer's own lines. */
export const REVISE_ANSWER = `mutation ReviseAnswer($messageId: ID!, $content: String!, $cited: [String!]!) { reviseAnswer(messageId: $messageId, content: $content, cited: $cited) { ${MESSAGE_FIELDS} } }`;
