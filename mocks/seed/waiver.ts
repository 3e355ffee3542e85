import type { Locale } from '../../contracts/locale'
import type { Waiver, WaiverForm } from '../../contracts/liberatoria.contract'
import type { RaceRecord } from '../db'
import { FIRST_WAIVER_VERSION } from './races'

/** A text with a form per sex where the language has one: F, M, and the neutral wording. */
type Gendered = Record<WaiverForm | 'neutral', string>

interface WaiverWords {
  /**
   * The text, with `{race}` and `{version}` in it; in Italian, Spanish and French its opening
   * paragraph per form, then the rest.
   */
  testo: string | { apertura: Gendered; seguito: string }
  /** Added from the second version on: what the revision changed. */
  revisione: string
  frase: string
}

// The organiser's waiver in every language of the portal, as the backend would store it.
const WORDS: Record<Locale, WaiverWords> = {
  en: {
    testo:
      'I, the undersigned athlete, take part in {race} of my own free will. I know that running in the mountains carries risks (falls, bad weather, altitude, exhaustion) and I am trained and equipped for them.\n\n' +
      "I will follow the race rules and the marshals' instructions, carry the mandatory kit and withdraw if my health requires it.\n\n" +
      'I release the organiser from liability for any harm not caused by its own negligence. Waiver version {version}.',
    revisione: 'Revised text: a rented GPS tracker must stay switched on from the start to the finish.',
    frase: 'I accept the risks of mountain running',
  },
  it: {
    testo: {
      apertura: {
        F:
          "Io sottoscritta atleta partecipo alla gara {race} per mia libera scelta. So che la corsa in montagna comporta rischi (cadute, maltempo, quota, sfinimento) e sono allenata ed equipaggiata per affrontarli.\n\n",
        M:
          "Io sottoscritto atleta partecipo alla gara {race} per mia libera scelta. So che la corsa in montagna comporta rischi (cadute, maltempo, quota, sfinimento) e sono allenato ed equipaggiato per affrontarli.\n\n",
        neutral:
          "Io sottoscritto/a atleta partecipo alla gara {race} per mia libera scelta. So che la corsa in montagna comporta rischi (cadute, maltempo, quota, sfinimento) e sono allenato/a ed equipaggiato/a per affrontarli.\n\n",
      },
      seguito:
        'Rispetterò il regolamento di gara e le indicazioni dei commissari, porterò il materiale obbligatorio e mi ritirerò se la mia salute lo richiede.\n\n' +
        "Sollevo l'organizzatore da ogni responsabilità per danni non causati da sua negligenza. Versione della liberatoria {version}.",
    },
    revisione: 'Testo rivisto: il localizzatore GPS noleggiato deve restare acceso dalla partenza all’arrivo.',
    frase: 'Accetto i rischi della corsa in montagna',
  },
  es: {
    testo: {
      apertura: {
        F:
          'Yo, la atleta abajo firmante, participo en {race} por mi propia voluntad. Sé que correr en la montaña conlleva riesgos (caídas, mal tiempo, altitud, agotamiento) y estoy entrenada y equipada para afrontarlos.\n\n',
        M:
          'Yo, el atleta abajo firmante, participo en {race} por mi propia voluntad. Sé que correr en la montaña conlleva riesgos (caídas, mal tiempo, altitud, agotamiento) y estoy entrenado y equipado para afrontarlos.\n\n',
        neutral:
          'Yo, atleta abajo firmante, participo en {race} por mi propia voluntad. Sé que correr en la montaña conlleva riesgos (caídas, mal tiempo, altitud, agotamiento) y estoy entrenado/a y equipado/a para afrontarlos.\n\n',
      },
      seguito:
        'Respetaré el reglamento de la carrera y las indicaciones de los comisarios, llevaré el material obligatorio y me retiraré si mi salud lo exige.\n\n' +
        'Eximo al organizador de toda responsabilidad por daños que no se deban a su propia negligencia. Versión del descargo {version}.',
    },
    revisione: 'Texto revisado: el localizador GPS alquilado debe permanecer encendido desde la salida hasta la meta.',
    frase: 'Acepto los riesgos de correr en la montaña',
  },
  fr: {
    testo: {
      apertura: {
        F:
          "Je soussignée, athlète, participe à {race} de mon plein gré. Je sais que la course en montagne comporte des risques (chutes, intempéries, altitude, épuisement) et je suis entraînée et équipée pour y faire face.\n\n",
        M:
          "Je soussigné, athlète, participe à {race} de mon plein gré. Je sais que la course en montagne comporte des risques (chutes, intempéries, altitude, épuisement) et je suis entraîné et équipé pour y faire face.\n\n",
        neutral:
          "Je soussigné(e), athlète, participe à {race} de mon plein gré. Je sais que la course en montagne comporte des risques (chutes, intempéries, altitude, épuisement) et je suis entraîné(e) et équipé(e) pour y faire face.\n\n",
      },
      seguito:
        "Je respecterai le règlement de la course et les consignes des commissaires, je porterai le matériel obligatoire et j'abandonnerai si ma santé l'exige.\n\n" +
        "Je dégage l'organisateur de toute responsabilité pour les dommages qui ne résultent pas de sa propre négligence. Version de la décharge {version}.",
    },
    revisione: 'Texte révisé : la balise GPS louée doit rester allumée du départ à l’arrivée.',
    frase: "J'accepte les risques de la course en montagne",
  },
  zh: {
    testo:
      '本人作为运动员自愿参加{race}。我知道山地跑存在风险（摔倒、恶劣天气、海拔、体力衰竭），并且我已为此进行训练并配备装备。\n\n' +
      '我将遵守比赛规则和裁判的指示，携带强制装备，并在健康状况需要时退赛。\n\n' +
      '对于非因主办方自身过失造成的任何损害，本人免除主办方的责任。免责声明版本 {version}。',
    revisione: '修订内容：租用的 GPS 定位器必须从起点到终点一直保持开启。',
    frase: '我接受山地跑的风险',
  },
  ja: {
    testo:
      '私は自らの意思で{race}に参加します。山岳ランニングには危険（転倒、悪天候、高所、疲労困憊）が伴うことを理解し、それに備えたトレーニングと装備をしています。\n\n' +
      '大会規則とマーシャルの指示に従い、必携品を携行し、健康上必要な場合はリタイアします。\n\n' +
      '主催者自身の過失によらない損害について、主催者の責任を免除します。免責同意書バージョン {version}。',
    revisione: '改訂内容：レンタルした GPS トラッカーはスタートからフィニッシュまで電源を入れたままにしてください。',
    frase: '山岳ランニングの危険を受け入れます',
  },
  ko: {
    testo:
      '본인은 자유로운 의사로 {race}에 참가합니다. 산악 달리기에는 위험(낙상, 악천후, 고도, 탈진)이 따른다는 것을 알고 있으며, 이에 대비한 훈련과 장비를 갖추었습니다.\n\n' +
      '대회 규정과 진행 요원의 지시를 따르고, 필수 장비를 휴대하며, 건강상 필요하면 기권하겠습니다.\n\n' +
      '주최 측의 과실로 인하지 않은 모든 손해에 대해 주최 측의 책임을 면제합니다. 면책 동의서 버전 {version}.',
    revisione: '개정 내용: 대여한 GPS 추적기는 출발부터 결승까지 켜 두어야 합니다.',
    frase: '산악 달리기의 위험을 받아들입니다',
  },
}

/**
 * The race's waiver as `liberatoria.get` serves it, in its current version: in the form asked for
 * where the language has one (the neutral wording when none is asked), naming the form served.
 */
export function waiverOf(race: RaceRecord, lingua: Locale, forma?: WaiverForm): Waiver {
  const words = WORDS[lingua]
  const versione = race.liberatoria_versione
  const text = typeof words.testo === 'string' ? words.testo : words.testo.apertura[forma ?? 'neutral'] + words.testo.seguito
  const testo = text.replace('{race}', `${race.nome} ${String(race.edizione)}`).replace('{version}', versione)
  return {
    project_id: race.id,
    versione,
    lingua,
    ...(typeof words.testo !== 'string' && forma ? { forma } : {}),
    testo: versione === FIRST_WAIVER_VERSION ? testo : `${testo}\n\n${words.revisione}`,
    frase: words.frase,
  }
}

/** The version after `version` (`v1` -> `v2`). */
export function nextWaiverVersion(version: string): string {
  return `v${String(Number(version.replace(/^v/, '')) + 1)}`
}
