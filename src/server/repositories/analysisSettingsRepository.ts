import type { SqlClient } from '../db/sqlClient';
import type { SpeechEngineChoice, SpeechModelSize } from '../../shared/http/analysisSettings.schemas';

export interface BrandAnalysisSettings {
  speechEngine: SpeechEngineChoice;
  speechModel: SpeechModelSize;
}

/** A brand's choice of speech engine and model size (brand_analysis_settings); null when it never chose. */
export function createAnalysisSettingsRepository(sql: SqlClient) {
  return {
    async of(brandId: string): Promise<BrandAnalysisSettings | null> {
      const row = await sql.get<{ speech_engine: SpeechEngineChoice; speech_model: SpeechModelSize }>(
        'SELECT speech_engine, speech_model FROM brand_analysis_settings WHERE brand_id = ?', [brandId],
      );
      return row ? { speechEngine: row.speech_engine, speechModel: row.speech_model } : null;
    },
    async save(brandId: string, settings: BrandAnalysisSettings, at: string): Promise<void> {
      await sql.run(
        `INSERT INTO brand_analysis_settings (brand_id, speech_engine, speech_model, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (brand_id) DO UPDATE SET speech_engine = excluded.speech_engine, speech_model = excluded.speech_model, updated_at = excluded.updated_at`,
        [brandId, settings.speechEngine, settings.speechModel, at],
      );
    },
  };
}
export type AnalysisSettingsRepository = ReturnType<typeof createAnalysisSettingsRepository>;
