import { describe, expect, it } from 'vitest';
import { CAMPAIGN_DEFAULTS } from '../../../../shared/constants';
import { checkForm, emptyForm, firstStepWith, stepProblems, type CampaignForm } from './wizardForm';

const filled = (changes: Partial<CampaignForm> = {}): CampaignForm => ({
  ...emptyForm('Lumen Beauty'),
  campaign_headline: 'Show us your routine', description: 'Film your morning routine with the serum.',
  start_date: '2026-12-01', end_date: '2027-01-31', ...changes,
});

describe('the campaign wizard form', () => {
  it('starts from the defaults of spec §9 with the brand filled in', () => {
    expect(emptyForm('Lumen Beauty')).toMatchObject({
      campaign_brand_name: 'Lumen Beauty', campaign_video_limit: '200', campaign_timezone: CAMPAIGN_DEFAULTS.timezone,
      campaign_button_color: CAMPAIGN_DEFAULTS.buttonColor, preview_color_change: CAMPAIGN_DEFAULTS.previewColor,
    });
  });

  it('keeps each step to its own fields: a missing headline stops step 1, not step 2', () => {
    const form = filled({ campaign_headline: ' ' });
    expect(stepProblems(0, form)).toEqual({ campaign_headline: 'A campaign needs a headline.' });
    expect(stepProblems(1, form)).toEqual({});
    expect(stepProblems(1, filled({ description: '' }))).toEqual({ description: 'Tell creators what the video should show.' });
  });

  it('stops the dates step on an end before its start, and on a missing end unless ongoing', () => {
    expect(stepProblems(2, filled({ end_date: '2026-12-01', end_time: '08:00' }))).toEqual({ end_date: 'The campaign must end after it starts.' });
    expect(stepProblems(2, filled({ end_date: '' }))).toEqual({ end_date: 'Give an end date, or mark the campaign ongoing.' });
    expect(stepProblems(2, filled({ end_date: '', ongoing: true }))).toEqual({});
    // A wrong colour on the last step does not hide the dates' problem.
    expect(stepProblems(2, filled({ end_date: '2026-11-01', campaign_button_color: 'green' }))).toEqual({ end_date: 'The campaign must end after it starts.' });
  });

  it('reads a limit of 0, a negative or a half-typed number as the person can fix it', () => {
    expect(stepProblems(3, filled({ campaign_video_limit: '0' }))).toEqual({ campaign_video_limit: 'Allow at least 1 video.' });
    expect(stepProblems(3, filled({ campaign_video_limit: '20o' }))).toEqual({ campaign_video_limit: 'Write a whole number, e.g. 200.' });
    expect(stepProblems(3, filled({ campaign_video_length: '-5' }))).toEqual({ campaign_video_length: 'A video length is at least 1.' });
    expect(stepProblems(3, filled({ campaign_video_length: '' }))).toEqual({});
  });

  it('refuses a colour that is not a colour and sends the person to the first step with a problem', () => {
    const { fields, problems } = checkForm(filled({ campaign_button_text_color: 'white' }), true);
    expect(fields).toBeNull();
    expect(problems).toEqual({ campaign_button_text_color: 'A colour is written #RRGGBB, e.g. #96C392.' });
    expect(firstStepWith(problems)).toBe(4);
    expect(firstStepWith(checkForm(filled({ campaign_headline: '', campaign_button_text_color: 'white' }), true).problems)).toBe(0);
  });

  it('answers the API fields for a good form: a draft needs only its headline', () => {
    expect(checkForm(filled({ campaign_hashtag: 'Glow', campaign_video_limit: ' 50 ' }), true).fields).toMatchObject({
      campaign_hashtag: '#Glow', campaign_video_limit: 50, campaign_video_length: null, start_date: '2026-12-01',
    });
    expect(checkForm({ ...emptyForm('Lumen'), campaign_headline: 'Only a headline' }, false).problems).toEqual({});
  });
});
