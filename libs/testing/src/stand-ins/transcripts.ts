/** A transcript with two topics in a row (solar power, then cooking pasta): a topic shift to find. */
export const TWO_TOPICS = {
  solar: [
    'Solar panels turn sunlight into electricity with photovoltaic cells.',
    'Each solar cell is made of silicon that releases electrons in sunlight.',
    'Panels on a roof face south to catch the most sunlight during the day.',
    'An inverter changes the direct current of the panels into alternating current.',
    'Batteries store solar electricity for the evening when the sun is down.',
    'Solar panels need little care apart from cleaning dust off the cells.',
  ],
  pasta: [
    'Now let us cook pasta for dinner in a large pot of boiling water.',
    'Salt the boiling water well before the pasta goes into the pot.',
    'Stir the pasta so the noodles do not stick to the bottom of the pot.',
    'Taste the pasta after eight minutes to check that it is al dente.',
    'Drain the pasta and keep a cup of the starchy cooking water for the sauce.',
    'Toss the noodles with tomato sauce, basil and grated parmesan cheese.',
  ],
} as const;
