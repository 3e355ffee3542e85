/** Where the field comes from: mostly Italy and the Alps, with the long-haul ultra crowd behind. */
export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string
  /** Share of the field, in parts. */
  weight: number
  male: readonly string[]
  female: readonly string[]
  surnames: readonly string[]
  /** Regions of residence with their odds; null where the organiser does not record one. */
  regions: ReadonlyArray<readonly [string, number]> | null
  teams: readonly string[]
  /** Family name first, as the athlete writes it (China, Japan, Korea). */
  familyFirst?: true
}

const even = (names: readonly string[]) => names.map((name) => [name, 1] as const)

export const COUNTRIES: readonly Country[] = [
  {
    code: 'IT',
    weight: 42,
    male: ['Luca', 'Marco', 'Andrea', 'Matteo', 'Davide', 'Alessandro', 'Simone', 'Federico', 'Stefano', 'Paolo',
      'Giorgio', 'Nicola', 'Fabio', 'Riccardo', 'Lorenzo', 'Emanuele', 'Daniele', 'Franco', 'Roberto', 'Ivo'],
    female: ['Giulia', 'Chiara', 'Francesca', 'Sara', 'Elena', 'Martina', 'Silvia', 'Valentina', 'Laura', 'Anna',
      'Federica', 'Alessia', 'Paola', 'Marta', 'Irene', 'Roberta'],
    surnames: ['Rossi', 'Bianchi', 'Ferrari', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti',
      'Costa', 'Fontana', 'Moretti', 'Barbieri', 'Lombardi', 'Bionaz', 'Vuillermoz', 'Chabod', 'Glarey', 'Jaccod',
      'Perron', 'Charrère', 'Thiébaz', 'Favre', 'Brunet', 'Cerise', 'Bérard', 'Dujany', 'Rigollet', 'Pession'],
    regions: [["Valle d'Aosta", 30], ['Piemonte', 20], ['Lombardia', 20], ['Liguria', 5], ['Veneto', 6],
      ['Trentino-Alto Adige', 6], ['Emilia-Romagna', 5], ['Toscana', 4], ['Lazio', 3], ['Friuli-Venezia Giulia', 2],
      ['Campania', 1], ['Sicilia', 1]],
    teams: ['ASD Gran Paradiso Trail', 'Monte Rosa Runners', 'Valdigne Skyrunning', 'GS Cervino', 'Atletica Canavese',
      'Trail Running Biella', 'Orobie Mountain Team', 'ASD Sentieri Liguri', 'Dolomiti Trail Club', 'Pila Vertical Team'],
  },
  {
    code: 'FR',
    weight: 12,
    male: ['Julien', 'Thomas', 'Nicolas', 'Antoine', 'Maxime', 'Pierre', 'Guillaume', 'Mathieu', 'Romain', 'Baptiste',
      'Hugo', 'Sébastien'],
    female: ['Camille', 'Julie', 'Manon', 'Claire', 'Marion', 'Émilie', 'Léa', 'Pauline', 'Céline', 'Aurélie'],
    surnames: ['Martin', 'Bernard', 'Dubois', 'Durand', 'Lefèvre', 'Girard', 'Bonnet', 'Morel', 'Fournier', 'Perrin',
      'Rousseau', 'Blanc', 'Guérin', 'Chevalier', 'Tissot', 'Mollard'],
    regions: [['Auvergne-Rhône-Alpes', 50], ["Provence-Alpes-Côte d'Azur", 15], ['Île-de-France', 15], ['Occitanie', 10],
      ['Bretagne', 5], ['Grand Est', 5]],
    teams: ['Chamonix Trail Club', 'Annecy Montagne Running', 'Team Vercors Trail', 'Grenoble Alpes Endurance'],
  },
  {
    code: 'CH',
    weight: 7,
    male: ['Lukas', 'Nicolas', 'Reto', 'Beat', 'Yannick', 'Florian', 'Marco', 'Samuel', 'Jonas', 'Loïc'],
    female: ['Sandra', 'Nadine', 'Céline', 'Laura', 'Mirjam', 'Elodie', 'Corinne', 'Anna'],
    surnames: ['Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Fournier', 'Rey', 'Crettex', 'Bonvin',
      'Zufferey', 'Bernasconi', 'Rossetti'],
    regions: [['Valais', 40], ['Vaud', 20], ['Genève', 10], ['Bern', 10], ['Ticino', 10], ['Graubünden', 5],
      ['Zürich', 5]],
    teams: ['Trail Club Valais', 'CABV Martigny', 'Lausanne Trail Team'],
  },
  {
    code: 'ES',
    weight: 7,
    male: ['Pablo', 'Javier', 'Sergio', 'Álvaro', 'Jordi', 'Iker', 'Daniel', 'Raúl', 'Carlos', 'Marc'],
    female: ['Laura', 'Marta', 'Núria', 'Lucía', 'Ainhoa', 'Cristina', 'Elena', 'Paula'],
    surnames: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Puig', 'Vidal', 'Etxeberria',
      'Ruiz', 'Serrano', 'Molina'],
    regions: [['Cataluña', 35], ['País Vasco', 15], ['Aragón', 15], ['Comunidad de Madrid', 15], ['Andalucía', 10],
      ['Asturias', 10]],
    teams: ['Club Trail Pirineus', 'Kilian Running Club Girona', 'Mendi Taldea Bilbao'],
  },
  {
    code: 'DE',
    weight: 6,
    male: ['Jan', 'Tobias', 'Stefan', 'Florian', 'Michael', 'Felix', 'Matthias', 'Sebastian', 'Andreas'],
    female: ['Katharina', 'Julia', 'Anna', 'Lena', 'Sabine', 'Franziska', 'Theresa'],
    surnames: ['Schneider', 'Fischer', 'Wagner', 'Becker', 'Hoffmann', 'Schulz', 'Koch', 'Bauer', 'Richter', 'Wolf'],
    regions: [['Bayern', 45], ['Baden-Württemberg', 30], ['Nordrhein-Westfalen', 10], ['Berlin', 10], ['Sachsen', 5]],
    teams: ['Allgäu Trail Team', 'LG Berchtesgaden', 'Schwarzwald Ultra Club'],
  },
  {
    code: 'GB',
    weight: 5,
    male: ['James', 'Oliver', 'Tom', 'Harry', 'George', 'William', 'Callum', 'Rhys'],
    female: ['Emma', 'Sophie', 'Charlotte', 'Hannah', 'Eleanor', 'Megan'],
    surnames: ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Campbell'],
    regions: [['England', 65], ['Scotland', 20], ['Wales', 12], ['Northern Ireland', 3]],
    teams: ['Ambleside Fell Runners', 'Highland Hill Runners'],
  },
  {
    code: 'US',
    weight: 4,
    male: ['Michael', 'Ryan', 'Tyler', 'Kyle', 'Brandon', 'Jason', 'Eric'],
    female: ['Jessica', 'Ashley', 'Megan', 'Sarah', 'Lauren', 'Emily'],
    surnames: ['Johnson', 'Williams', 'Miller', 'Davis', 'Anderson', 'Moore', 'Jackson', 'Harris', 'Clark'],
    regions: [['Colorado', 30], ['California', 25], ['Utah', 15], ['Oregon', 10], ['Washington', 10],
      ['Vermont', 10]],
    teams: ['Boulder Trail Collective', 'Wasatch Mountain Runners'],
  },
  {
    code: 'JP',
    weight: 4,
    male: ['Hiroshi', 'Kenji', 'Takashi', 'Yuki', 'Daisuke', 'Shota', 'Ryo'],
    female: ['Yuko', 'Aiko', 'Haruka', 'Mai', 'Naoko', 'Emi'],
    surnames: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi'],
    regions: even(['Nagano', 'Tokyo', 'Kanagawa', 'Yamanashi', 'Hokkaido', 'Osaka']),
    teams: ['Team Yatsugatake', 'Tokyo Trail Lab'],
    familyFirst: true,
  },
  {
    code: 'CN',
    weight: 4,
    male: ['Wei', 'Lei', 'Jun', 'Hao', 'Ming', 'Tao', 'Qiang'],
    female: ['Li', 'Fang', 'Jing', 'Min', 'Yan', 'Xiu'],
    surnames: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Zhao', 'Huang', 'Zhou', 'Wu'],
    regions: null,
    teams: ['Yunnan Mountain Running', 'Beijing Trail Runners'],
    familyFirst: true,
  },
  {
    code: 'KR',
    weight: 2,
    male: ['Min-jun', 'Ji-hoon', 'Seo-jun', 'Hyun-woo', 'Dong-hyun'],
    female: ['Ji-woo', 'Seo-yeon', 'Min-seo', 'Ha-eun', 'Su-bin'],
    surnames: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon'],
    regions: null,
    teams: ['Seoul Trail Crew'],
    familyFirst: true,
  },
  {
    code: 'AT',
    weight: 2,
    male: ['Lukas', 'Markus', 'Christoph', 'Thomas', 'Manuel'],
    female: ['Verena', 'Katrin', 'Lisa', 'Magdalena'],
    surnames: ['Gruber', 'Huber', 'Pichler', 'Moser', 'Hofer', 'Steiner', 'Egger'],
    regions: [['Tirol', 40], ['Salzburg', 25], ['Vorarlberg', 15], ['Steiermark', 10], ['Wien', 10]],
    teams: ['Tirol Trail Team'],
  },
  {
    code: 'BE',
    weight: 2,
    male: ['Pieter', 'Thibault', 'Wouter', 'Maxime', 'Jens'],
    female: ['Lotte', 'Charlotte', 'Elise', 'Sofie'],
    surnames: ['Peeters', 'Janssens', 'Maes', 'Dubois', 'Lambert', 'Claes'],
    regions: [['Wallonie', 45], ['Vlaanderen', 40], ['Bruxelles', 15]],
    teams: ['Ardennes Trail Team'],
  },
]
