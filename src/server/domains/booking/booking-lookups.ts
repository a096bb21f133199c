// What the payments, proposals and identity domains read of a booking (issue 21: only the booking domain queries the bookings table).
export {};
