-- Issue 48, Spain: the store delivers to Spain, so Spain has pickup points of its own. A point belongs to
-- one carrier's network: the Portuguese points (migration 010) are CTT's, the Spanish ones Correos'
-- (Spain's post). With the test carrier a package for a pickup point is shipped with that carrier's
-- tracking number (shipping/tracking-numbers.ts), its label names the carrier, and the buyer's order
-- and mail link to that carrier's tracking page. `country` (migration 010, every earlier point PT) is
-- what the checkout's list is filtered by: a Spanish address sees Spanish points only.
ALTER TABLE pickup_points
  ADD COLUMN carrier text NOT NULL DEFAULT 'ctt' CONSTRAINT pickup_points_carrier_code CHECK (carrier ~ '^[a-z0-9_]{1,40}$'),
  ADD CONSTRAINT pickup_points_country_code CHECK (country ~ '^[A-Z]{2}$');
CREATE INDEX pickup_points_country ON pickup_points (country) WHERE active;

-- Made-up shops at real streets; coordinates to four decimals, opening hours as the carrier writes them.
INSERT INTO pickup_points (name, address, zip_code, city, country, lat, lng, opening_hours, carrier) VALUES
  ('Papelería Gran Vía', 'Calle Gran Vía 48', '28013', 'Madrid', 'ES', 40.4203, -3.7058, 'Mon–Sat 09:30–20:30', 'correos'),
  ('Quiosco Puerta del Sol', 'Calle de la Montera 12', '28013', 'Madrid', 'ES', 40.4183, -3.7027, 'Every day 09:00–22:00', 'correos'),
  ('Librería Chamberí', 'Calle de Fuencarral 140', '28010', 'Madrid', 'ES', 40.4313, -3.7020, 'Mon–Fri 10:00–20:00', 'correos'),
  ('Tienda Goya', 'Calle de Goya 55', '28001', 'Madrid', 'ES', 40.4243, -3.6783, 'Mon–Sat 10:00–21:00', 'correos'),
  ('Estanco Lavapiés', 'Calle de Argumosa 20', '28012', 'Madrid', 'ES', 40.4075, -3.6987, 'Mon–Sat 09:00–20:00', 'correos'),
  ('Papelería Eixample', 'Carrer de Balmes 112', '08008', 'Barcelona', 'ES', 41.3930, 2.1573, 'Mon–Sat 09:30–20:30', 'correos'),
  ('Quiosco La Rambla', 'La Rambla 95', '08001', 'Barcelona', 'ES', 41.3818, 2.1716, 'Every day 09:00–22:00', 'correos'),
  ('Tienda Gràcia', 'Carrer Gran de Gràcia 140', '08012', 'Barcelona', 'ES', 41.4036, 2.1536, 'Mon–Sat 10:00–20:00', 'correos'),
  ('Librería Ruzafa', 'Carrer de Sueca 30', '46006', 'Valencia', 'ES', 39.4623, -0.3744, 'Mon–Sat 09:30–20:00', 'correos'),
  ('Quiosco Plaza del Ayuntamiento', 'Plaça de l''Ajuntament 8', '46002', 'Valencia', 'ES', 39.4699, -0.3763, 'Every day 08:30–21:30', 'correos'),
  ('Papelería Triana', 'Calle San Jacinto 45', '41010', 'Sevilla', 'ES', 37.3842, -6.0034, 'Mon–Sat 09:30–20:30', 'correos'),
  ('Tienda Nervión', 'Avenida Eduardo Dato 30', '41005', 'Sevilla', 'ES', 37.3836, -5.9727, 'Mon–Sat 10:00–21:00', 'correos'),
  ('Estanco Larios', 'Calle Marqués de Larios 6', '29005', 'Málaga', 'ES', 36.7198, -4.4214, 'Mon–Sat 09:30–20:30', 'correos'),
  ('Librería Abando', 'Gran Vía de Don Diego López de Haro 20', '48001', 'Bilbao', 'ES', 43.2627, -2.9330, 'Mon–Sat 09:30–20:00', 'correos'),
  ('Papelería Independencia', 'Paseo de la Independencia 24', '50004', 'Zaragoza', 'ES', 41.6497, -0.8852, 'Mon–Sat 09:30–20:30', 'correos'),
  ('Tienda San Juan', 'Calle San Juan 12', '06002', 'Badajoz', 'ES', 38.8794, -6.9707, 'Mon–Sat 09:30–20:00', 'correos'),
  ('Quiosco Príncipe', 'Rúa do Príncipe 22', '36202', 'Vigo', 'ES', 42.2376, -8.7204, 'Mon–Sat 09:00–21:00', 'correos');
