import type { AxiosInstance } from 'axios';
import type { AnalysisSettings, AnalysisSettingsBody } from '../../../shared/http/analysisSettings.schemas';
import { ANALYSIS_SETTINGS_PATH, AnalysisSettingsBodySchema, AnalysisSettingsSchema } from '../../../shared/http/analysisSettings.schemas';

/** GET /jwt_api/settings/analysis: the speech engine, model, its file's state and the worker count in force. */
export async function fetchAnalysisSettings(main: AxiosInstance): Promise<AnalysisSettings> {
  return AnalysisSettingsSchema.parse((await main.get<unknown>(ANALYSIS_SETTINGS_PATH)).data);
}

/** PUT /jwt_api/settings/analysis with the choices changed; answers the settings now in force. */
export async function saveAnalysisSettings(main: AxiosInstance, body: AnalysisSettingsBody): Promise<AnalysisSettings> {
  return AnalysisSettingsSchema.parse((await main.put<unknown>(ANALYSIS_SETTINGS_PATH, AnalysisSettingsBodySchema.parse(body))).data);
}
