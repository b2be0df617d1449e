/** User-facing texts of spec §2, §5 and §8, exactly as specified. Imported, never retyped. */
export const MESSAGES = {
  emailNotConnected: 'The email address you entered is not connected to an account.',
  emailNotConnectedDisplay: 'This email is not connected to an account',
  invalidPassword: 'Invalid password.',
  invalidCredentials: 'Invalid Credentials',
  linkInvalidOrExpired: 'The link is invalid or has expired',
  emailAlreadyUsed: 'There is already an account with this email.',
  connectYoutube: 'Please connect your YouTube account in order to see your videos',
  videoFlagged: 'This video has been flagged',
  downloadUnsupported: 'Downloading YouTube and TikTok video is not supported',
  seeMoreInTranscript: 'See more in transcript',
  playerFallback: "Sorry, your browser doesn't support embedded videos.",
  directoryPickerFailed: 'Failed to open directory picker. Please try again.',
  widgetFailed: 'Widget Id: Something went wrong. Please try again.',
  playlistFailed: 'Playlist Id: Something went wrong. Please try again.',
  snippetFailed: 'Snippet not able to be generated, please try again',
  publishFailed: 'Something went wrong',
  authorizeFailed: 'Something went wrong, Authorization failed',
  authStatusFailed: 'Something went wrong, Authorization status check failed',
  publishStateFailed: 'Something went wrong, failed to fetch video publish state',
  chatRecipientNotFound: 'Not Found',
  firstVideoAnalyzed: 'Your video has been analyzed!',
  /** Not in the spec: the product's own wording for cases the spec leaves open. */
  vipRefused: 'Creator accounts cannot sign in to the brand dashboard. Please use the Reelscope creator app.',
  /** Spec §5 (standard email pattern): said under the email field of sign-in, sign-up and password reset. */
  invalidEmail: 'Enter a valid email address.',
  registrationIncomplete: 'Your registration is not complete yet. Confirm your email address to continue.',
  serverDown: 'We cannot reach the Reelscope server.',
  /** Teammates (issue 29): not in the spec; §8 style, one sentence a person can act on. */
  teamManagerOnly: 'Only a manager of this brand can do this. Ask a manager of your brand.',
  teamInvitationSent: 'Invitation sent. It is valid for 7 days.',
  teamInvitationExpired: 'This invitation has expired. Ask the brand manager for a new one.',
  teamInvitationUsed: 'This invitation has already been used. Sign in to open the brand.',
  teamInvitationInvalid: 'This invitation link is not valid. Ask the brand manager for a new one.',
  teamInvitationOtherEmail: 'This invitation is for another email address. Sign in with the address it was sent to.',
  teamAlreadyMember: 'This person is already in your team.',
  teamLastManager: 'A brand needs at least one manager. Make someone else a manager first.',
  teamRemoved: 'You are no longer a member of this brand. Sign in again to continue.',
  teamInvitationCheckMailbox: 'Check the mailbox of the invited address: we sent it a new link to finish joining. This link no longer works.',
  teamInvitationLookalike: 'This address differs from an existing account’s only by a dot or a look-alike letter. Ask the brand manager to invite the exact address.',
  teamInvitationsPerManager: 'You have sent too many invitations in the last hour. Please wait an hour and try again.',
  teamInvitationsPerBrand: 'This brand has sent too many invitations today. Please try again tomorrow.',
  /** A read that got no answer: what failed comes before it, what happens next is in it. */
  serverNoAnswerLoad: 'the Reelscope server did not answer. This loads again by itself as soon as the server is back.',
  /** A change that got no answer: nothing was changed. */
  serverNoAnswerAction: 'the Reelscope server did not answer, so nothing was changed. Try again once it is back.',
  serverTimeout: 'the Reelscope server took too long to answer. Try again in a moment.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
  /** ADDRESS_PROBES_PER_WINDOW reached (its window is ADDRESS_PROBE_WINDOW_MINUTES). */
  tooManyAddressAttempts: 'Too many sign-in, sign-up or password-reset attempts from this address. Please wait 15 minutes and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** A call whose query and body (or path) name different brands: refused, since it cannot be told which one it acts for. */
  brandMismatch: 'This request names two different brands, so nothing was changed. Reload the page and try again.',
} as const;

export const ASSISTANT_SAMPLE_QUESTIONS = [
  'What are the top 10 topics discussed?',
  'What is the overall sentiment expressed?',
  'Which demographics are not represented?',
] as const;

/** Tutorial texts (spec §2, §4; issue 5). first-video and first-video-analyzed follow spec §4 word for word where it gives words. */
export const TUTORIAL_TEXTS = {
  firstVideo: [
    { title: 'Welcome to My Videos', body: 'This is your My Videos folder under the Videos tab. Every video you add appears here.' },
    {
      title: 'Your video is being analyzed',
      body: 'The analysis takes about 10 minutes. Meanwhile, upload more videos to create your first carousel: a carousel needs a minimum of 5 videos.',
    },
  ],
  uploadMoreVideos: 'Upload More Videos',
  firstVideoAnalyzed: [
    { title: 'Your video has been analyzed!', body: 'Find it in My Videos.' },
    { title: 'See what it says', body: 'Open the video for its sentiment, topics, transcript and brand safety.' },
  ],
  homeOverview: [
    { title: 'Your brand at a glance', body: 'Home shows engagement, sentiment, top products and demographics for your brand or a competitor.' },
    { title: 'Recent and trending', body: 'See which videos and creators are trending now.' },
    { title: 'Shortcuts', body: 'Run a report, add a product or add videos in one click.' },
    { title: 'Word cloud', body: 'The words said most in the period’s videos; click one to find the videos that say it.' },
    { title: 'Find anything', body: 'Use the search box at the top to jump to any page and bookmark the ones you use most.' },
  ],
  videoDetail: [
    { title: 'Watch and read', body: 'The player and the transcript sit side by side; click a time to jump there.' },
    { title: 'Sentiment and topics', body: 'See how positive or negative the video is, line by line, and what it talks about.' },
    { title: 'Brand safety', body: 'Check foul language and visual content before you use a video.' },
  ],
  userGuide: 'User guide',
} as const;

/**
 * Why a part of a video's analysis has no result yet, shown in its place instead of a figure. A part not analysed must
 * never read as a finding (Neutral 100 %, Safe, None, No), so each says which part and why.
 */
export const NOT_ANALYSED_REASONS = {
  pending: 'not analysed yet: the analysis is still running',
  noSpeechEngine: 'not analysed: no speech engine set up',
  linkNotLocal: "not analysed: this link's video is not on this computer",
  noImageEngine: 'not analysed: no image engine set up',
  noAudienceData: 'not analysed: no audience figures came with this video',
} as const;
