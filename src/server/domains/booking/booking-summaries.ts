// What the game domain reads of a booking (issue 21: only the booking domain queries the bookings table).
export {};
