/** The challenge set a fresh database starts with: three types across three spice levels, for a city hunt. */
export const DEFAULT_CHALLENGES = [
  { name: 'Team Selfie with a Landmark', description: 'Take a team photo with the most famous landmark you can find. Every team member must be in the shot.', type: 'Rating', spiceLevel: 'Mild', maxScore: 10 },
  { name: 'Human Pyramid', description: 'Build a human pyramid of at least three people somewhere public and photograph it. Safety first: keep it low.', type: 'Rating', spiceLevel: 'Medium', maxScore: 15 },
  { name: 'Serenade a Stranger', description: 'Sing one verse of a song to a willing stranger and film it. Ask first, smile always.', type: 'Rating', spiceLevel: 'Spicy', maxScore: 20 },
  { name: 'Street Art Critic', description: 'Find a piece of street art and record a 20-second review of it as if you were a famous art critic.', type: 'Rating', spiceLevel: 'Mild', maxScore: 10 },
  { name: 'Recreate a Movie Scene', description: 'Recreate a famous movie scene using only what you can find around you. Film it in one take.', type: 'Rating', spiceLevel: 'Spicy', maxScore: 20 },
  { name: 'Find a Red Post Box', description: 'Photograph your whole team touching a red post box at the same time.', type: 'RightWrong', spiceLevel: 'Mild', maxScore: 5 },
  { name: 'What Year Was It Built?', description: 'Find a building with its construction year carved or written on it and photograph the date.', type: 'RightWrong', spiceLevel: 'Medium', maxScore: 10 },
  { name: 'Borrow a Hat', description: 'Persuade a stranger to lend your team a hat for one photo, then give it back with thanks.', type: 'RightWrong', spiceLevel: 'Spicy', maxScore: 15 },
  { name: 'Statue Pose-Off', description: 'Copy the pose of a statue next to it. One photo per statue you find.', type: 'Tally', spiceLevel: 'Mild', maxScore: 10, maxSubmissions: 5, pointsPerSubmission: 2 },
  { name: 'Pigeon Spotter', description: 'Photograph a pigeon doing something unusual. Each different pigeon scores.', type: 'Tally', spiceLevel: 'Medium', maxScore: 15, maxSubmissions: 5, pointsPerSubmission: 3 },
  { name: 'High Fives for Charity', description: 'Film high fives with strangers. Each new person you high five scores.', type: 'Tally', spiceLevel: 'Spicy', maxScore: 20, maxSubmissions: 10, pointsPerSubmission: 2 },
  { name: 'Chicken Dance in Public', description: 'Perform the chicken dance as a team in a busy public place and film the whole routine.', type: 'Rating', spiceLevel: 'Spicy', maxScore: 25 },
  { name: 'Bridge Count', description: 'Photograph your team on or beside a bridge. Each different bridge scores.', type: 'Tally', spiceLevel: 'Medium', maxScore: 12, maxSubmissions: 4, pointsPerSubmission: 3 },
  { name: 'Local Delicacy', description: 'Find and photograph a food the city is known for. Bonus respect for tasting it.', type: 'RightWrong', spiceLevel: 'Mild', maxScore: 5 },
] as const;
